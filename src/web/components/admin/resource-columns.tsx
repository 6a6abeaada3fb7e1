import type { TFunction } from 'i18next';
import type { AdminResource } from '../../../shared/admin-resources.js';
import type { LocalizedText } from '../../../shared/localized-text.js';
import { ActiveToggle } from './active-toggle';
import type { DataTableColumn } from './data-table';
import { MoveButtons } from './move-buttons';

/** The columns every resource shows the same way; order and status where its descriptor allows them. */
export type StandardColumns<Entity> = {
  /** The record's name (the descriptor's `label`), in bold, sortable and searchable. */
  name: (header: string) => DataTableColumn<Entity>;
  /**
   * Up/down buttons (SPEC §4) beside the record's position in the list, counted from 1 (FAQs and
   * banners alike): not its stored `order_index`, which counts from 0 and keeps a deleted
   * record's gap until the next move renumbers the list. The list is read in its order, so the
   * column does not sort.
   */
  order: () => DataTableColumn<Entity>;
  /** The status column: a switch that turns the record on or off in one click. */
  active: DataTableColumn<Entity>;
};

type ColumnActions<Entity> = {
  /** The list as the server orders it. */
  rows: readonly Entity[];
  moving: boolean;
  move: (record: Entity, direction: 'up' | 'down') => void;
  setActive: (record: Entity, active: boolean) => void;
};

const isActive = (record: object) => 'active' in record && record.active === true;

/** A page asking for a column its resource cannot serve (no move route, no active field) is a bug: it fails at once. */
function assertDescribed(resource: { path: string }, described: boolean, what: string): void {
  if (!described) throw new Error(`${resource.path} is not ${what} (src/shared/admin-resources.ts).`);
}

export function standardColumns<Entity extends { id: string }>(
  resource: Pick<AdminResource<Entity, unknown, unknown>, 'path' | 'label' | 'orderable' | 'activatable'>,
  { rows, moving, move, setActive }: ColumnActions<Entity>,
  t: TFunction,
  /** Owner-written text in the administrator's language (useLocalized), for the record's name. */
  show: (text: LocalizedText) => string,
): StandardColumns<Entity> {
  const label = (record: Entity) => resource.label(record, show);
  return {
    name: (header) => ({ id: 'name', header, value: label, cell: label, className: 'font-medium text-white' }),
    order: () => {
      assertDescribed(resource, resource.orderable, 'orderable');
      return {
        id: 'order',
        header: t('backOffice.order'),
        cell: (record) => (
          <span className="inline-flex items-center gap-3">
            <span className="w-6 text-right text-slate-400 tabular-nums">{rows.indexOf(record) + 1}</span>
            <MoveButtons
              label={label(record)}
              index={rows.indexOf(record)}
              count={rows.length}
              disabled={moving}
              onMove={(direction) => move(record, direction)}
            />
          </span>
        ),
      };
    },
    get active() {
      assertDescribed(resource, resource.activatable, 'activatable');
      return {
        id: 'status',
        header: t('backOffice.status.header'),
        value: (record: Entity) => (isActive(record) ? 1 : 0),
        cell: (record: Entity) => (
          <ActiveToggle
            active={isActive(record)}
            label={label(record)}
            onToggle={(active) => setActive(record, active)}
          />
        ),
      };
    },
  };
}
