import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import { KEYBOARD_SCROLL } from "../../components/keyboard-scroll.ts";

/**
 * A table of figures as the Track Record's sections draw them: scrollable by keyboard, its caption above, a header
 * row, and one row per item headed by its label.
 */
export function FiguresTable(props: {
  minWidth: number;
  caption: ReactNode;
  /** The column headers, the row labels' first. */
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string | number; label: ReactNode; cells: readonly ReactNode[] }>;
  mt?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={props.minWidth} scrollAreaProps={KEYBOARD_SCROLL} mt={props.mt}>
      <Table striped fz="sm" horizontalSpacing={6} captionSide="top">
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={600}>
                {row.label}
              </Table.Th>
              {row.cells.map((cell, c) => (
                <Table.Td key={props.columns[c + 1]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
