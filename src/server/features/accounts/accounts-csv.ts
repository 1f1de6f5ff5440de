/**
 * The desk's CSV export of accounts (docs/product/desk.md#accounts-on-the-desk): RFC 4180 (comma,
 * CRLF, a field in double quotes when it holds a quote, comma or line break, quotes doubled), and a
 * cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets
 * a leading single quote, so opening the file runs nothing.
 */
import { ACCOUNT_CSV_COLUMNS, type AccountRow } from '#shared/desk-accounts-schemas';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly (string | number | boolean)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export const ACCOUNTS_CSV_HEADER = csvRecord(ACCOUNT_CSV_COLUMNS);

/** The header, then one chunk of records per batch of accounts. */
export async function* accountsCsv(batches: AsyncIterable<AccountRow[]>): AsyncGenerator<string> {
  yield ACCOUNTS_CSV_HEADER;
  for await (const batch of batches)
    yield batch.map((row) => csvRecord(ACCOUNT_CSV_COLUMNS.map((column) => row[column]))).join('');
}
