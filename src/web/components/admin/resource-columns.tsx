import { clsx } from 'clsx';
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
   * Up/down buttons (SPEC §4) beside the record's `order_index` (sortable by it), or beside its
   * position in the list (`'position'`, for a list read in its order).
   */
  order: (shows?: 'order_index' | 'position') => DataTableColumn<Entity>;
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

const orderIndex = (record: object) =>
  'order_index' in record && typeof record.order_index === 'number' ? record.order_index : null;
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
    order: (shows = 'order_index') => {
      assertDescribed(resource, resource.orderable, 'orderable');
      return {
        id: 'order',
        header: t('backOffice.order'),
        ...(shows === 'order_index' ? { value: orderIndex } : {}),
        cell: (record) => (
          <span className="inline-flex items-center gap-3">
            <span className={clsx('w-6 text-right tabular-nums', shows === 'position' && 'text-slate-400')}>
              {shows === 'position' ? rows.indexOf(record) + 1 : orderIndex(record)}
            </span>
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
