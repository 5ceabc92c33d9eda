import { Button, Group } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../lib/notify.ts";
import { historyCsv, historyCsvName } from "./history-csv.ts";
import { type HistoricalFilters, historicalAllQueryOptions } from "./recommendations.queries.ts";

/** How the history is shown: cards grouped by date (the spec's), or one sortable table. */
export type HistoryView = "cards" | "table";

const VIEWS = [
  ["cards", "Cards"],
  ["table", "Table"],
] as const;

/** Hands `text` to the browser as a file download. */
function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every row of the search, every page, as a CSV file (the table's rows, whatever the cards have loaded). */
export function DownloadCsvButton(props: { filters: HistoricalFilters }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const rows = await queryClient.fetchQuery(historicalAllQueryOptions(props.filters));
      saveFile(historyCsvName(props.filters), historyCsv(rows), "text/csv;charset=utf-8");
    } catch {
      notify("error", "Failed to download the CSV", "The recommendations of this search could not be read.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}

/** The cards/table switch and the CSV download, above the results. */
export function HistoryViewControls(props: {
  view: HistoryView;
  onViewChange: (view: HistoryView) => void;
  filters: HistoricalFilters;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      {/* Two pressed-or-not buttons rather than a SegmentedControl: no more Mantine CSS on every first paint. */}
      <Button.Group aria-label="Show as">
        {VIEWS.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={props.view === value ? "filled" : "default"}
            aria-pressed={props.view === value}
            onClick={() => props.onViewChange(value)}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
      <DownloadCsvButton filters={props.filters} />
    </Group>
  );
}
