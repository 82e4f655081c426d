/**
 * A results table's header row where each column is a link that sorts by it: a plain GET link, so
 * sorting works without JavaScript. The sorted column says so to screen readers (aria-sort); the
 * arrows are for the eye only. Used by the bid list and the property search.
 */
export interface SortableHeaderRowProps<C extends string> {
  columns: readonly C[];
  /** The column the rows are sorted by, if any. */
  sorted?: C;
  direction: "asc" | "desc";
  /** Each column's sort link (the same page, sorted by it). */
  links: Readonly<Record<string, string>>;
  label: (column: C) => string;
  linkClassName: string;
}

export function SortableHeaderRow<C extends string>({
  columns,
  sorted,
  direction,
  links,
  label,
  linkClassName,
}: SortableHeaderRowProps<C>) {
  return (
    <tr>
      {columns.map((column) => {
        const isSorted = sorted === column;
        return (
          <th
            key={column}
            scope="col"
            aria-sort={isSorted ? (direction === "asc" ? "ascending" : "descending") : undefined}
          >
            <a href={links[column]} className={linkClassName}>
              {label(column)}
              <span aria-hidden="true">{isSorted ? (direction === "asc" ? " ▲" : " ▼") : " ⇅"}</span>
            </a>
          </th>
        );
      })}
    </tr>
  );
}
