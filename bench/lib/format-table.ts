/** Prints rows as an aligned text table, with the column names first. */
export function formatTable(columns: string[], rows: (string | number)[][]): string {
  const cells = [columns, ...rows.map((row) => row.map(String))]
  const widths = columns.map((_, index) =>
    Math.max(...cells.map((row) => (row[index] ?? '').length)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd()
  return [
    line(columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.slice(1).map(line),
  ].join('\n')
}
