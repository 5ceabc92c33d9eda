import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { SymbolAutocomplete } from "../../components/symbol-autocomplete.tsx";
import { serverMessage } from "../../lib/api-error.ts";
import { useAnalyzeStock } from "./insights.queries.ts";

export function AnalyzeStockTab(props: { onAnalyzed: () => void }) {
  const [symbol, setSymbol] = useState("");
  const analyze = useAnalyzeStock();
  const trimmed = symbol.trim();

  const submit = () => {
    if (!trimmed) return;
    // A failure is said once, inline under the field it concerns (no toast repeating it).
    analyze.mutate({ symbol: trimmed.toUpperCase() }, { onSuccess: () => props.onAnalyzed() });
  };

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
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <SymbolAutocomplete
              label="Stock symbol"
              placeholder="e.g. AAPL or Apple"
              value={symbol}
              onChange={setSymbol}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!trimmed || analyze.isPending}>
              {analyze.isPending ? "Analyzing..." : "Analyze"}
            </Button>
          </Group>
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
          {analyze.isSuccess ? (
            <Alert
              color="green"
              icon={<IconCircleCheck size={18} aria-hidden />}
              c="var(--mantine-color-text)"
            >
              <Text fw={700} span>
                Analysis Complete!
              </Text>{" "}
              See it in the Analysis History tab.
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </section>
  );
}
