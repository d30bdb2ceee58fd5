import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

/** A column's heading (empty over a column of buttons); numbers sit to the right. */
export interface Column {
  label: string;
  align?: 'right';
}

/**
 * The back offices' table: it scrolls sideways on a phone rather than squeezing its columns,
 * heads its columns, stripes its rows and says in words when there is nothing to show.
 */
export function DataTable({
  columns,
  minWidth,
  empty,
  isEmpty = false,
  label,
  testId,
  children,
}: {
  columns: Column[];
  minWidth: number;
  /** What to say instead of an empty table. */
  empty?: string;
  isEmpty?: boolean;
  /** The table's accessible name, when no heading names it. */
  label?: string;
  testId?: string;
  /** The rows: `Table.Tr`s. */
  children: ReactNode;
}) {
  if (isEmpty && empty) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={`${index}-${column.label}`} ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
