import { Button, Card, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useStore } from "@tanstack/react-form";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  CreateRecommendationInput,
  DeleteByDateParams,
} from "../../../api/features/recommendations/recommendations.input.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SymbolField } from "../../components/symbol-autocomplete.tsx";
import { DANGER_TEXT } from "../../lib/colors.ts";
import { passes, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { CheckboxField, TextareaField } from "../../lib/form-fields.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { priceHistoryQueryOptions } from "../../lib/market-status.queries.ts";
import {
  type NewRecommendation,
  useDeleteRecommendation,
  useDeleteRecommendations,
  useGenerateRecommendations,
  usePostRecommendation,
} from "./admin.mutations.ts";
import { distanceFromCloseText, farFromClose } from "./buy-price-check.ts";
import { recommendationsOnDateQueryOptions } from "./recommendations-on-date.queries.ts";

/** Asks before deleting a date's recommendations, saying how many will go. */
function ConfirmDeleteDialog(props: {
  date: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { data, isPending, isError } = useQuery({
    ...recommendationsOnDateQueryOptions(props.date ?? ""),
    enabled: props.date !== null,
  });
  const count = data?.length ?? 0;
  const removeOne = useDeleteRecommendation();
  return (
    <ConfirmDialog
      opened={props.date !== null}
      onClose={props.onClose}
      title="Delete recommendations?"
      action={{
        label: isPending || isError ? "Delete" : `Delete ${count}`,
        color: "red.8",
        pending: props.pending,
        disabled: isPending || (!isError && count === 0),
        onConfirm: props.onConfirm,
      }}
    >
      <Text size="sm" data-testid="delete-count">
        {isPending
          ? "Counting the recommendations of that date..."
          : isError
            ? `The recommendations of ${formatDate(props.date)} could not be counted; deleting removes all of them.`
            : count === 0
              ? `There are no recommendations on ${formatDate(props.date)}.`
              : `${count} recommendation${count === 1 ? "" : "s"} of ${formatDate(props.date)} will be deleted. This cannot be undone.`}
      </Text>
      {data?.length ? (
        <Stack gap={4} mb="md" data-testid="delete-one-list">
          <Text size="sm" fw={600}>
            Or delete one
          </Text>
          {data.map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="delete-one-row">
              <Text size="sm">
                <Text span fw={700}>
                  {r.symbol}
                </Text>{" "}
                · {r.source === "admin" ? "Editor's pick" : "Model call"}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c={DANGER_TEXT}
                loading={removeOne.isPending && removeOne.variables === r.id}
                onClick={() => removeOne.mutate(r.id)}
                aria-label={`Delete ${r.symbol} only`}
              >
                Delete
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}

interface NewRecommendationValues {
  symbol: string;
  buyPrice: number | "";
  sellTarget: number | "";
  confidence: number | "";
  estimatedDate: string;
  reason: string;
  aggressive: boolean;
}

/**
 * The request the values make, which the form validates with the API's own schema before sending (decision 078).
 * Checked, the call is posted as aggressive; unchecked, no flag is sent and the server decides from the stock's
 * volatility (the spec's form sends no aggressive flag; the admin who ticks the box has set one).
 */
export function newRecommendationRequest(v: NewRecommendationValues): NewRecommendation {
  return {
    symbol: v.symbol.trim().toUpperCase(),
    buyPrice: v.buyPrice,
    sellTarget: v.sellTarget,
    // Blank is no number at all, which the schema refuses; Number("") would be 0, a valid confidence.
    confidence: v.confidence === "" ? undefined : v.confidence,
    estimatedDate: v.estimatedDate,
    reason: v.reason.trim(),
    ...(v.aggressive ? { aggressive: true } : {}),
  };
}

const emptyRecommendation: NewRecommendationValues = {
  symbol: "",
  buyPrice: "",
  sellTarget: "",
  confidence: "",
  estimatedDate: "",
  reason: "",
  aggressive: false,
};

/** The symbol's close on the market's today (the date a pick is posted for), once the symbol is a known one. */
function useDayClose(typed: string): { date: string; close: number } | null {
  const symbol = typed.trim().toUpperCase();
  const { data } = useQuery({
    ...priceHistoryQueryOptions(symbol),
    enabled: /^[A-Z][A-Z0-9.-]{0,9}$/.test(symbol),
  });
  const last = data?.points.at(-1);
  return useMemo(() => (last ? { date: last.date, close: last.close } : null), [last]);
}

export function RecommendationsManagement() {
  const post = usePostRecommendation();
  const remove = useDeleteRecommendations();
  const generate = useGenerateRecommendations();
  const [confirming, setConfirming] = useState<string | null>(null);
  // The date is checked with the delete route's own schema; until one is picked the button does nothing (spec 5).
  const deleteForm = useAppForm({
    defaultValues: { date: "" },
    validators: { onSubmit: validateWith(DeleteByDateParams) },
    onSubmit: ({ value }) => setConfirming(value.date),
  });
  const form = useAppForm({
    defaultValues: emptyRecommendation,
    validators: {
      onChange: validateWith(CreateRecommendationInput, newRecommendationRequest),
      onSubmit: validateWith(CreateRecommendationInput, newRecommendationRequest),
    },
    onSubmit: async ({ value, formApi }) => {
      // A buy price more than 2% from the day's close is asked about first (issue 42).
      if (farFromClose(value.buyPrice, closeRef.current?.close)) {
        setFarPrice(value);
        return;
      }
      await post
        .mutateAsync(newRecommendationRequest(value))
        .then(() => formApi.reset())
        .catch(() => {});
    },
  });
  const [farPrice, setFarPrice] = useState<NewRecommendationValues | null>(null);
  const close = useDayClose(useStore(form.store, (s) => s.values.symbol));
  const closeRef = useRef(close);
  closeRef.current = close;
  // The buy price defaults to that day's close: filled when the symbol's close arrives, unless typed over since.
  const filled = useRef<number | null>(null);
  useEffect(() => {
    if (!close) return;
    const buy = form.getFieldValue("buyPrice");
    if (buy === "" || buy === filled.current) {
      form.setFieldValue("buyPrice", close.close);
      filled.current = close.close;
    }
  }, [close, form]);

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="recs-admin-title">
      <Title order={2} size="h3" id="recs-admin-title" mb="md">
        Recommendations Management
      </Title>
      <form noValidate onSubmit={submitWith(form)}>
        <form.AppForm>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <form.AppField name="symbol">{() => <SymbolField label="Symbol" required />}</form.AppField>
              <form.AppField name="buyPrice">
                {(field) => (
                  <field.PriceField
                    label="Buy price"
                    // Under the field, so the row's inputs line up on a wide screen.
                    inputWrapperOrder={["label", "input", "description", "error"]}
                    description={
                      close
                        ? `Close on ${formatDate(close.date)}: ${formatMoney(close.close)}`
                        : "Defaults to the day's close"
                    }
                    required
                  />
                )}
              </form.AppField>
              <form.AppField name="sellTarget">
                {(field) => <field.PriceField label="Target price" required />}
              </form.AppField>
              <form.AppField name="confidence">
                {(field) => (
                  <field.NumberField
                    label="Confidence (0-100)"
                    required
                    min={0}
                    max={100}
                    step={1}
                    allowDecimal={false}
                  />
                )}
              </form.AppField>
              <form.AppField name="estimatedDate">
                {(field) => <field.TextField label="Estimated date" type="date" required />}
              </form.AppField>
              <form.AppField name="aggressive">
                {() => (
                  <CheckboxField
                    mt={{ md: 30 }}
                    label="Aggressive"
                    description="Unchecked: the server decides from the stock's volatility"
                  />
                )}
              </form.AppField>
            </SimpleGrid>
            <form.AppField name="reason">
              {() => <TextareaField label="Reason" required autosize minRows={3} />}
            </form.AppField>
            <Group justify="flex-end">
              <form.SubmitButton pending={post.isPending} pendingLabel="Posting...">
                Post Recommendation
              </form.SubmitButton>
            </Group>
          </Stack>
        </form.AppForm>
      </form>
      <Divider my="lg" />
      <Title order={3} size="h4" mb="xs">
        Generate with the engine
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Posts the analysis engine's best-ranked calls for the market's today, from prices up to that day only.
        Running it again adds nothing.
      </Text>
      <Button variant="light" loading={generate.isPending} onClick={() => generate.mutate()} mb="lg">
        Generate Today's Recommendations
      </Button>
      <Divider my="lg" />
      <Title order={3} size="h4" mb="xs">
        Delete by date
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Removes every recommendation of that date. Posted recommendations are never edited, only removed.
      </Text>
      <form noValidate onSubmit={submitWith(deleteForm)}>
        <deleteForm.AppForm>
          <Group align="flex-end">
            <deleteForm.AppField name="date">
              {(field) => <field.TextField type="date" label="Recommendation date" />}
            </deleteForm.AppField>
            <deleteForm.Subscribe selector={(s) => passes(DeleteByDateParams, s.values)}>
              {(picked) => (
                <deleteForm.SubmitButton color="red.8" pending={remove.isPending} disabled={!picked}>
                  Delete Recommendations
                </deleteForm.SubmitButton>
              )}
            </deleteForm.Subscribe>
          </Group>
        </deleteForm.AppForm>
      </form>
      <Modal
        opened={farPrice !== null}
        onClose={() => setFarPrice(null)}
        title="Post at this buy price?"
        centered
      >
        <Text size="sm" mb="md" data-testid="far-price">
          {farPrice && close && farPrice.buyPrice !== ""
            ? `${distanceFromCloseText(farPrice.buyPrice, close.close)} on ${formatDate(close.date)}. The pick's return and its gain are measured from the buy price.`
            : null}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setFarPrice(null)}>
            Change price
          </Button>
          <Button
            loading={post.isPending}
            onClick={() => {
              if (!farPrice) return;
              post
                .mutateAsync(newRecommendationRequest(farPrice))
                .then(() => form.reset())
                .catch(() => {})
                .finally(() => setFarPrice(null));
            }}
          >
            Post anyway
          </Button>
        </Group>
      </Modal>
      <ConfirmDeleteDialog
        date={confirming}
        pending={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming)
            remove.mutate(confirming, {
              onSettled: () => setConfirming(null),
            });
        }}
      />
    </Card>
  );
}
