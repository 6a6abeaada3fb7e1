import { Readable } from 'node:stream';

export const CSV_COLUMNS = ['id', 'email', 'token', 'created_date'] as const;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value that starts like a formula
 * (=, +, -, @, or a tab or carriage return that some spreadsheets skip) gets a leading apostrophe,
 * the OWASP "CSV injection" advice, so it is shown as text instead of being evaluated.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

interface ExportRow {
  id: string;
  email: string;
  unsubscribe_token: string;
  created_date: string;
}

/** The export as a stream: rows are read in batches and written as the client takes them. */
export function subscribersCsv(batches: AsyncIterable<ExportRow[]>): Readable {
  async function* lines() {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch.map((row) => [row.id, row.email, row.unsubscribe_token, row.created_date].map(csvCell).join(',')).join('\r\n') + '\r\n';
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
