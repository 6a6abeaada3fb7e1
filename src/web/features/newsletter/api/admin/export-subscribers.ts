import type { SubscriberSelection } from '../../../../../shared/schemas/newsletter.js';

/**
 * The address of the CSV export of a selection. The server streams it as a download, so the
 * browser saves it to disk as it arrives, whatever its size.
 */
export function subscribersExportUrl(selection: SubscriberSelection): string {
  const query = new URLSearchParams({ q: selection.q });
  if (selection.ids !== 'all') query.set('ids', selection.ids.join(','));
  return `/api/admin/newsletter/subscribers.csv?${query}`;
}
