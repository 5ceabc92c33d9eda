import { Card, SimpleGrid } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useStore } from "@tanstack/react-form";
import { useEffect, useRef } from "react";
import { HistoricalQuery } from "../../../api/features/recommendations/recommendations.input.ts";
import { SymbolField } from "../../components/symbol-autocomplete.tsx";
import { passes, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { SelectField } from "../../lib/form-fields.tsx";
import { notify } from "../../lib/notify.ts";
import { RISK_FILTER_OPTIONS } from "../../lib/risk-words.ts";
import type { HistoricalFilters } from "./recommendations.queries.ts";

interface FilterValues {
  fromDate: string;
  toDate: string;
  symbol: string;
  risk: string;
}

/** The search the values ask for: blank fields and 'All' left out. */
const toFilters = (v: FilterValues): HistoricalFilters => ({
  fromDate: v.fromDate || undefined,
  toDate: v.toDate || undefined,
  symbol: v.symbol.trim() || undefined,
  aggressive: v.risk === "all" ? undefined : (v.risk as HistoricalFilters["aggressive"]),
});

/**
 * The historical list's filter card. It validates with the API's own search schema (decision 078): an inverted
 * range shows that schema's message under From Date, disables Search and toasts 'Invalid Date Range' (spec).
 */
export function HistoricalFiltersForm(props: {
  filters: HistoricalFilters;
  onSearch: (filters: HistoricalFilters) => void;
}) {
  const { filters } = props;
  const form = useAppForm({
    defaultValues: {
      fromDate: filters.fromDate ?? "",
      toDate: filters.toDate ?? "",
      symbol: filters.symbol ?? "",
      risk: filters.aggressive ?? "all",
    } as FilterValues,
    validators: {
      onChange: validateWith(HistoricalQuery, toFilters),
      onSubmit: validateWith(HistoricalQuery, toFilters),
    },
    onSubmit: ({ value }) => props.onSearch(toFilters(value)),
  });
  const valid = useStore(form.store, (s) => passes(HistoricalQuery, s.values, toFilters));

  const warned = useRef(false);
  useEffect(() => {
    if (!valid && !warned.current)
      notify("error", "Invalid Date Range", "From date must be earlier than or equal to to date.");
    warned.current = !valid;
  }, [valid]);

  return (
    <Card withBorder radius="md" mb="md" component="form" noValidate onSubmit={submitWith(form)}>
      <form.AppForm>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <form.AppField name="fromDate">
            {(field) => <field.TextField type="date" label="From Date" />}
          </form.AppField>
          <form.AppField name="toDate">
            {(field) => <field.TextField type="date" label="To Date" />}
          </form.AppField>
          <form.AppField name="symbol">
            {() => <SymbolField label="Stock Symbol" placeholder="e.g. AAPL" />}
          </form.AppField>
          <form.AppField name="risk">
            {() => <SelectField label="Risk Level" data={RISK_FILTER_OPTIONS} />}
          </form.AppField>
          <form.SubmitButton
            disabled={!valid}
            leftSection={<IconSearch size={16} aria-hidden />}
            mt={{ md: 25 }}
          >
            Search
          </form.SubmitButton>
        </SimpleGrid>
      </form.AppForm>
    </Card>
  );
}
