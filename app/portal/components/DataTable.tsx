import type { Key, ReactNode } from 'react';
import t from './DataTable.module.css';
import { EmptyState } from './EmptyState';

/** One column: its header and how a row fills its cell. */
export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string | ((row: Row) => string | undefined);
  /** What a cell carries beyond its text and class. */
  attributes?: (row: Row) => { title?: string; 'data-testid'?: string };
}

/** A table is named by its own caption (visually hidden unless `captionClassName` shows it) or by a visible heading. */
type TableName = { caption: ReactNode; captionClassName?: string } | { labelledBy: string };

type DataTableProps<Row> = TableName & {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Attributes each row carries, for instance the id of its record. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | number>;
  /** Shown instead of the table when there are no rows; without it an empty table keeps its header. */
  empty?: ReactNode;
  /** The empty text as a quiet note rather than the portal's empty-state box. */
  quietEmpty?: boolean;
  /** Compact: every cell ruled and the table as wide as its content (short tables inside a section). */
  compact?: boolean;
  /** Wide tables scroll sideways inside their own box instead of widening the page. */
  scrollable?: boolean;
};

/**
 * Every table of the portal: a header cell per column, a row per record, or the empty text when there are none. On a
 * phone a list table's rows become cards, each cell under its column's name.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, rowAttributes, empty, quietEmpty, compact, scrollable } = props;
  if (rows.length === 0 && empty !== undefined) return <EmptyState quiet={quietEmpty}>{empty}</EmptyState>;
  const table = (
    <table
      className={compact ? t.compact : t.table}
      aria-labelledby={'labelledBy' in props ? props.labelledBy : undefined}
    >
      {'caption' in props ? (
        <caption className={props.captionClassName ?? t.hiddenCaption}>{props.caption}</caption>
      ) : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} {...rowAttributes?.(row)}>
            {columns.map((column) => (
              <Cell key={column.id} column={column} row={row} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scrollable ? <div className={t.scroll}>{table}</div> : table;
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const className = typeof column.className === 'function' ? column.className(row) : column.className;
  // data-label: on a phone each row becomes a card, every cell led by its column's header (DataTable.module.css).
  const attributes = { className, 'data-label': column.header, ...column.attributes?.(row) };
  return column.rowHeader ? (
    <th scope="row" {...attributes}>
      {column.cell(row)}
    </th>
  ) : (
    <td {...attributes}>{column.cell(row)}</td>
  );
}
