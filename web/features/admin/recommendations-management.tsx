import {
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useAppForm } from "../../lib/form.tsx";
import {
  useDeleteRecommendations,
  useGenerateRecommendations,
  usePostRecommendation,
} from "./admin.mutations.ts";

const required = (label: string) => ({
  onSubmit: ({ value }: { value: unknown }) =>
    value === "" || value === undefined ? `${label} is required` : undefined,
});

export function RecommendationsManagement() {
  const post = usePostRecommendation();
  const remove = useDeleteRecommendations();
  const generate = useGenerateRecommendations();
  const [deleteDate, setDeleteDate] = useState("");
  const [reason, setReason] = useState("");
  const form = useAppForm({
    defaultValues: {
      symbol: "",
      buyPrice: "" as number | "",
      sellTarget: "" as number | "",
      confidence: "" as number | "",
      estimatedDate: "",
      aggressive: false,
    },
    onSubmit: async ({ value, formApi }) => {
      if (!reason.trim()) return;
      // The spec's form does not send the aggressive flag; the server decides it and says how.
      await post
        .mutateAsync({
          symbol: value.symbol.trim().toUpperCase(),
          buyPrice: Number(value.buyPrice),
          sellTarget: Number(value.sellTarget),
          confidence: Math.round(Number(value.confidence)),
          estimatedDate: value.estimatedDate,
          reason: reason.trim(),
        })
        .then(() => {
          formApi.reset();
          setReason("");
        })
        .catch(() => {});
    },
  });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="recs-admin-title">
      <Title order={2} size="h3" id="recs-admin-title" mb="md">
        Recommendations Management
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.AppForm>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <form.AppField name="symbol" validators={required("Symbol")}>
                {(field) => <field.TextField label="Symbol" required uppercase maxLength={10} />}
              </form.AppField>
              <form.AppField name="buyPrice" validators={required("Buy price")}>
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
              <form.AppField name="sellTarget" validators={required("Target price")}>
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
              <form.AppField name="confidence" validators={required("Confidence")}>
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
              <form.AppField name="estimatedDate" validators={required("Estimated date")}>
                {(field) => <field.TextField label="Estimated date" type="date" required />}
              </form.AppField>
              <form.AppField name="aggressive">
                {(field) => (
                  <Checkbox
                    mt={{ md: 30 }}
                    label="Aggressive (informational; the server decides the risk level)"
                    checked={field.state.value}
                    onChange={(e) => field.handleChange(e.currentTarget.checked)}
                  />
                )}
              </form.AppField>
            </SimpleGrid>
            <Textarea
              label="Reason"
              required
              autosize
              minRows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={form.state.submissionAttempts > 0 && !reason.trim() ? "Reason is required" : undefined}
            />
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
      <Group align="flex-end">
        <TextInput
          type="date"
          label="Recommendation date"
          value={deleteDate}
          onChange={(e) => setDeleteDate(e.currentTarget.value)}
        />
        <Button
          color="red.8"
          loading={remove.isPending}
          onClick={() => {
            if (deleteDate) remove.mutate(deleteDate);
          }}
        >
          Delete Recommendations
        </Button>
      </Group>
    </Card>
  );
}
