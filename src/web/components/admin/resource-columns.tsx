import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { ActiveToggle } from './active-toggle';
import type { DataTableColumn } from './data-table';
import { MoveButtons } from './move-buttons';

/** The columns every orderable or activatable resource shows the same way. */
export type StandardColumns<Entity> = {
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
  label: (record: Entity) => string;
  moving: boolean;
  move: (record: Entity, direction: 'up' | 'down') => void;
  setActive: (record: Entity, active: boolean) => void;
};

const orderIndex = (record: object) =>
  'order_index' in record && typeof record.order_index === 'number' ? record.order_index : null;
const isActive = (record: object) => 'active' in record && record.active === true;

export function standardColumns<Entity extends { id: string }>(
  { rows, label, moving, move, setActive }: ColumnActions<Entity>,
  t: TFunction,
): StandardColumns<Entity> {
  return {
    order: (shows = 'order_index') => ({
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
    }),
    active: {
      id: 'status',
      header: t('backOffice.status.header'),
      value: (record) => (isActive(record) ? 1 : 0),
      cell: (record) => (
        <ActiveToggle
          active={isActive(record)}
          label={label(record)}
          onToggle={(active) => setActive(record, active)}
        />
      ),
    },
  };
}
