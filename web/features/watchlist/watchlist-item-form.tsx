import { Button, Group, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { DEFAULT_ALERT_THRESHOLD } from "../../../api/features/watchlist/watchlist.constants.ts";
import { AddWatchlistInput, UpdateWatchlistInput } from "../../../api/features/watchlist/watchlist.input.ts";
import { SymbolField } from "../../components/symbol-autocomplete.tsx";
import { submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { resolveSymbol } from "../../lib/symbol-search.queries.ts";

export interface WatchlistFormValues {
  symbol: string;
  purchasePrice: number | "";
  targetChangePercent: number | "";
}

/**
 * The request the values make, which the form validates with the API's own schema (decision 078): a blank purchase
 * price is none (null), a blank threshold is sent as null, which the schema refuses as required.
 */
export function watchlistRequest(v: WatchlistFormValues) {
  return {
    symbol: v.symbol,
    purchasePrice: v.purchasePrice === "" ? null : v.purchasePrice,
    targetChangePercent: v.targetChangePercent === "" ? null : v.targetChangePercent,
  };
}

type Mode =
  | { mode: "add"; onSubmit: (request: AddWatchlistInput) => void }
  | { mode: "edit"; onSubmit: (request: UpdateWatchlistInput) => void };

/** The Add Stock and edit dialogs' form: symbol (add only), optional purchase price, required threshold. */
export function WatchlistItemForm(
  props: Mode & {
    initial?: Partial<WatchlistFormValues>;
    pending: boolean;
    onCancel: () => void;
  },
) {
  const schema = props.mode === "add" ? AddWatchlistInput : UpdateWatchlistInput;
  const queryClient = useQueryClient();
  const form = useAppForm({
    defaultValues: {
      symbol: props.initial?.symbol ?? "",
      purchasePrice: props.initial?.purchasePrice ?? "",
      targetChangePercent: props.initial?.targetChangePercent ?? DEFAULT_ALERT_THRESHOLD,
    } as WatchlistFormValues,
    validators: {
      onChange: validateWith(schema, watchlistRequest),
      onSubmit: validateWith(schema, watchlistRequest),
    },
    // What is sent is the schema's own output (the symbol trimmed and uppercased), from values it has passed; a
    // company name typed as the hint allows ("Apple") is sent as the symbol the search finds for it (AAPL).
    onSubmit: async ({ value }) => {
      if (props.mode === "add") {
        const request = AddWatchlistInput.parse(watchlistRequest(value));
        props.onSubmit({ ...request, symbol: await resolveSymbol(queryClient, request.symbol) });
      } else props.onSubmit(UpdateWatchlistInput.parse(watchlistRequest(value)));
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)}>
      <form.AppForm>
        <Stack>
          {props.mode === "add" ? (
            <form.AppField name="symbol">
              {() => (
                <SymbolField label="Stock symbol" placeholder="e.g. AAPL or Apple" required data-autofocus />
              )}
            </form.AppField>
          ) : null}
          <form.AppField name="purchasePrice">
            {(field) => (
              <field.PriceField
                label="Purchase price (optional)"
                description="The move is measured from it; without it, from the price when added."
                min={0}
              />
            )}
          </form.AppField>
          <form.AppField name="targetChangePercent">
            {(field) => (
              <field.NumberField
                label="Alert threshold (%)"
                description="Alert when the price moves this much, up or down."
                step={0.1}
                min={0.1}
                // Not raised to the minimum on blur: a 0 became 0.1 and was saved silently; the schema refuses it.
                clampBehavior="none"
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
