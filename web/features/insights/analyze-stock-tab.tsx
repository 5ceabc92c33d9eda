import { Alert, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { AnalyzeInput } from "../../../api/features/insights/insights.input.ts";
import { SymbolField } from "../../components/symbol-autocomplete.tsx";
import { serverMessage } from "../../lib/api-error.ts";
import { passes, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { resolveSymbol } from "../../lib/symbol-search.queries.ts";
import { type Insight, useAnalyzeStock } from "./insights.queries.ts";

/**
 * The symbol is checked with the analyze request's own schema (decision 078). 'Analysis Complete!' is the
 * mutation's toast (useAnalyzeStock), so it reaches the person wherever they are when the analysis finishes.
 */
export function AnalyzeStockTab(props: { onAnalyzed: (insight: Insight) => void }) {
  const analyze = useAnalyzeStock();
  const queryClient = useQueryClient();
  const form = useAppForm({
    defaultValues: { symbol: "" },
    validators: { onChange: validateWith(AnalyzeInput), onSubmit: validateWith(AnalyzeInput) },
    onSubmit: async ({ value }) => {
      // A company name, as the hint allows ("Apple"), is analysed as the symbol the search finds for it (AAPL).
      const symbol = await resolveSymbol(queryClient, value.symbol);
      // A failure is said once, inline under the field it concerns (no toast repeating it). This call's onSuccess
      // runs only while the tab is still open: someone who went elsewhere meanwhile stays there, with the toast.
      analyze.mutate({ symbol }, { onSuccess: (insight) => props.onAnalyzed(insight) });
    },
  });

  return (
    <section aria-labelledby="analyze-title">
      <Card withBorder radius="md" maw={640}>
        <Title order={2} id="analyze-title" size="h3" mb={4}>
          Analyze Stock
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Enter a ticker for an AI analysis: its rank among that day's S&P 500 members, its chance to beat the
          median stock (a coin flip is 50%), its expected return against the median stock with a range from
          its own volatility, and the inputs that moved its rank.
        </Text>
        <form noValidate onSubmit={submitWith(form)}>
          <form.AppForm>
            <Group align="flex-start" wrap="nowrap">
              <form.AppField name="symbol">
                {() => (
                  <SymbolField label="Stock symbol" placeholder="e.g. AAPL or Apple" style={{ flex: 1 }} />
                )}
              </form.AppField>
              <form.Subscribe selector={(s) => passes(AnalyzeInput, s.values)}>
                {(ready) => (
                  <form.SubmitButton
                    mt={25}
                    disabled={!ready}
                    pending={analyze.isPending}
                    pendingLabel="Analyzing..."
                  >
                    Analyze
                  </form.SubmitButton>
                )}
              </form.Subscribe>
            </Group>
          </form.AppForm>
        </form>
        <Stack mt="md" gap="sm" aria-live="polite">
          {analyze.isError ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Text fw={700} span>
                Analysis Failed:
              </Text>{" "}
              {serverMessage(analyze.error) ?? "Failed to analyze stock. Please try again."}
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </section>
  );
}
