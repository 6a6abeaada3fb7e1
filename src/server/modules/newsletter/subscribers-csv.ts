import { Readable } from 'node:stream';
import { csvCell } from '../../http/csv-cell.js';

export const CSV_COLUMNS = ['id', 'email', 'token', 'created_date'] as const;

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
      yield (
        batch
          .map((row) => [row.id, row.email, row.unsubscribe_token, row.created_date].map(csvCell).join(','))
          .join('\r\n') + '\r\n'
      );
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
