import type { SubscriberSelection } from '../../../../../shared/schemas/newsletter.js';

/**
 * Which subscribers the administrator picked: rows ticked one by one (on any page), or every
 * subscriber matching the search, however many pages that is.
 */
export type Selection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'all'; q: string; total: number };

export const emptySelection: Selection = { kind: 'ids', ids: new Set() };

export function selectedCount(selection: Selection): number {
  return selection.kind === 'all' ? selection.total : selection.ids.size;
}

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'all' || selection.ids.has(id);
}

/** Ticks or unticks rows; unticking one row of "all matching" keeps the rest of the page. */
export function toggleRows(
  selection: Selection,
  pageIds: readonly string[],
  rowIds: readonly string[],
  on: boolean,
): Selection {
  const ids = new Set(selection.kind === 'all' ? pageIds : selection.ids);
  for (const id of rowIds) {
    if (on) ids.add(id);
    else ids.delete(id);
  }
  return { kind: 'ids', ids };
}

/** What the API takes for this selection. */
export function toApiSelection(selection: Selection): SubscriberSelection {
  return selection.kind === 'all' ? { ids: 'all', q: selection.q } : { ids: [...selection.ids], q: '' };
}
