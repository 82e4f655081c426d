import type { ReactNode } from "react";

/**
 * The staff console's table: a header row of columns, then one row per item whose first cell
 * heads the row. Every cell carries its column's label (`data-label`), which phones show above it
 * when the rows become cards (staff.css); numbers are set right-aligned in tabular figures.
 */
export interface StaffColumn {
  label: string;
  numeric?: boolean;
}

export interface StaffRow {
  key: string;
  /** One per column, in order; the first is the row's header. */
  cells: ReactNode[];
}

const NUMBER = "cp-staff-table__number";

export function StaffTable({
  columns,
  rows,
}: {
  columns: readonly StaffColumn[];
  rows: readonly StaffRow[];
}) {
  const numeric = (i: number) => (columns[i]?.numeric ? NUMBER : undefined);
  return (
    <table className="cp-staff-table">
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col" className={numeric(i)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" data-label={columns[i]?.label}>
                  {cell}
                </th>
              ) : (
                <td key={i} data-label={columns[i]?.label} className={numeric(i)}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
