type Cell = string | number | boolean | Date | null | undefined;

/** Spreadsheet apps run cells that start like a formula; a leading apostrophe keeps them text. */
function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: string[], rows: Cell[][]): string {
  return `${[headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
