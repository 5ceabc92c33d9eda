import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  CreateRecommendationInput,
  DeleteByDateParams,
} from "../../../api/features/recommendations/recommendations.input.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SymbolField } from "../../components/symbol-autocomplete.tsx";
import { passes, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { CheckboxField, TextareaField } from "../../lib/form-fields.tsx";
import { formatDate } from "../../lib/format.ts";
import {
  type NewRecommendation,
  useDeleteRecommendations,
  useGenerateRecommendations,
  usePostRecommendation,
} from "./admin.mutations.ts";
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
      await post
        .mutateAsync(newRecommendationRequest(value))
        .then(() => formApi.reset())
        .catch(() => {});
    },
  });

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
                  <field.NumberField
                    label="Buy price"
                    required
                    step={0.01}
                    min={0.01}
                    decimalScale={2}
                    prefix="$"
                  />
                )}
              </form.AppField>
              <form.AppField name="sellTarget">
                {(field) => (
                  <field.NumberField
                    label="Target price"
                    required
                    step={0.01}
                    min={0.01}
                    decimalScale={2}
                    prefix="$"
                  />
                )}
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
