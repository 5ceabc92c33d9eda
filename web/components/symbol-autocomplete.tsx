import { Autocomplete, type AutocompleteProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { boundTo, useFieldContext } from "../lib/form.tsx";
import { symbolSearchQueryOptions } from "../lib/symbol-search.queries.ts";

/** How long typing pauses before the suggestions are asked for. */
export const SYMBOL_SEARCH_DEBOUNCE_MS = 200;

const keepServerOrder: NonNullable<AutocompleteProps["filter"]> = ({ options }) => options;

export type SymbolAutocompleteProps = Omit<
  AutocompleteProps,
  "data" | "value" | "defaultValue" | "onChange" | "renderOption" | "filter"
> & {
  value: string;
  /** Called with what was typed, uppercased, or with the symbol of the suggestion chosen. */
  onChange: (value: string) => void;
};

/**
 * A symbol field that suggests known symbols as "AAPL — Apple Inc." while the user types a ticker or a company name
 * (decision 042). Typing stays free: the field holds whatever was typed, and Enter submits its form unless a
 * suggestion is highlighted; choosing one fills its symbol.
 */
export function SymbolAutocomplete({ value, onChange, maxLength = 40, ...rest }: SymbolAutocompleteProps) {
  const [typed] = useDebouncedValue(value.trim(), SYMBOL_SEARCH_DEBOUNCE_MS);
  const { data } = useQuery(symbolSearchQueryOptions(typed));
  const open = value.trim().length > 0;
  // Stable between renders: Mantine resets the highlighted option whenever its data changes identity.
  const { symbols, names } = useMemo(() => {
    const matches = open && data ? data : [];
    return { symbols: matches.map((m) => m.symbol), names: new Map(matches.map((m) => [m.symbol, m.name])) };
  }, [open, data]);
  // Open only while there is something to show: an open but empty dropdown would still take the first Escape, so a
  // dialog around the field (Add Stock) would not close on it.
  const [wantsOpen, setWantsOpen] = useState(false);
  return (
    <Autocomplete
      openOnFocus={false}
      autoComplete="off"
      spellCheck={false}
      {...rest}
      maxLength={maxLength}
      value={value}
      onChange={(next) => onChange(next.toUpperCase())}
      data={symbols}
      // The server has ranked them (prefix before fuzzy); a client-side filter would drop the fuzzy ones.
      filter={keepServerOrder}
      renderOption={({ option }) => `${option.value} — ${names.get(option.value) ?? ""}`}
      // At most SYMBOL_SUGGESTIONS options: no scroll area, whose unfocusable scrolling viewport axe reports
      // (scrollable-region-focusable).
      withScrollArea={false}
      dropdownOpened={wantsOpen && symbols.length > 0}
      onDropdownOpen={() => setWantsOpen(true)}
      onDropdownClose={() => setWantsOpen(false)}
    />
  );
}

/** The symbol field bound to the form field around it (`form.AppField`), showing that field's error once touched. */
export function SymbolField(
  props: Omit<SymbolAutocompleteProps, "value" | "onChange" | "onBlur" | "error" | "name">,
) {
  const field = useFieldContext<string>();
  return (
    <SymbolAutocomplete
      {...props}
      {...boundTo(field)}
      value={field.state.value}
      onChange={field.handleChange}
    />
  );
}
