type Column = string | { label: string; className: string };

/**
 * A table's column headers, a <th scope="col"> each: a label in the table's header class, or a label
 * with a class of its own (a number column aligned right, the last column without right padding).
 */
export function ColumnHeads({ className, columns }: { className: string; columns: ReadonlyArray<Column> }) {
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

/**
 * An admin log's table (the audit log, the import history): scrolls sideways on a narrow screen, its
 * column headers over its rows (`children`, the <tr>s).
 */
export function LogTable({ columns, children }: { columns: ReadonlyArray<Column>; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <ColumnHeads className="py-2 pe-3 font-medium" columns={columns} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
