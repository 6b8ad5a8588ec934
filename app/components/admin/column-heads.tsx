/**
 * A table's column headers, a <th scope="col"> each: a label in the table's header class, or a label
 * with a class of its own (a number column aligned right, the last column without right padding).
 */
export function ColumnHeads({
  className,
  columns,
}: {
  className: string;
  columns: ReadonlyArray<string | { label: string; className: string }>;
}) {
  return (
    <>
      {columns.map((column) => {
        const head = typeof column === "string" ? { label: column, className } : column;
        return (
          <th key={head.label} scope="col" className={head.className}>
            {head.label}
          </th>
        );
      })}
    </>
  );
}
