import { Button, Group, Stack } from "@mantine/core";
import { DEFAULT_ALERT_THRESHOLD } from "../../../api/features/watchlist/watchlist.constants.ts";
import { SymbolAutocomplete } from "../../components/symbol-autocomplete.tsx";
import { useAppForm } from "../../lib/form.tsx";

export interface WatchlistFormValues {
  symbol: string;
  purchasePrice: number | "";
  targetChangePercent: number | "";
}

/** The Add Stock and edit dialogs' form: symbol (add only), optional purchase price, required threshold. */
export function WatchlistItemForm(props: {
  mode: "add" | "edit";
  initial?: Partial<WatchlistFormValues>;
  pending: boolean;
  onSubmit: (values: { symbol: string; purchasePrice: number | null; targetChangePercent: number }) => void;
  onCancel: () => void;
}) {
  const form = useAppForm({
    defaultValues: {
      symbol: props.initial?.symbol ?? "",
      purchasePrice: props.initial?.purchasePrice ?? "",
      targetChangePercent: props.initial?.targetChangePercent ?? DEFAULT_ALERT_THRESHOLD,
    } as WatchlistFormValues,
    onSubmit: ({ value }) =>
      props.onSubmit({
        symbol: value.symbol.trim().toUpperCase(),
        purchasePrice: value.purchasePrice === "" ? null : value.purchasePrice,
        targetChangePercent: Number(value.targetChangePercent),
      }),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.AppForm>
        <Stack>
          {props.mode === "add" ? (
            <form.AppField
              name="symbol"
              validators={{
                onSubmit: ({ value }) => (value.trim() ? undefined : "Stock symbol is required"),
              }}
            >
              {(field) => (
                <SymbolAutocomplete
                  label="Stock symbol"
                  placeholder="e.g. AAPL or Apple"
                  required
                  data-autofocus
                  name={field.name}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={field.state.meta.isTouched ? field.state.meta.errors.find(Boolean) : undefined}
                />
              )}
            </form.AppField>
          ) : null}
          <form.AppField name="purchasePrice">
            {(field) => (
              <field.NumberField
                label="Purchase price (optional)"
                description="The move is measured from it; without it, from the price when added."
                step={0.01}
                min={0}
                decimalScale={2}
                prefix="$"
              />
            )}
          </form.AppField>
          <form.AppField
            name="targetChangePercent"
            validators={{
              onSubmit: ({ value }) =>
                value === "" || Number(value) <= 0 ? "Alert threshold is required" : undefined,
            }}
          >
            {(field) => (
              <field.NumberField
                label="Alert threshold (%)"
                description="Alert when the price moves this much, up or down."
                step={0.1}
                min={0.1}
                decimalScale={1}
                required
              />
            )}
          </form.AppField>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <form.SubmitButton pending={props.pending}>
              {props.mode === "add" ? "Add Stock" : "Save"}
            </form.SubmitButton>
          </Group>
        </Stack>
      </form.AppForm>
    </form>
  );
}
