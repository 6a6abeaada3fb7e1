import { clsx } from 'clsx';
import { useTranslation } from '../../lib/use-translation';

type ActiveToggleProps = {
  active: boolean;
  /** Names the record: "Crypto Bots is active". */
  label: string;
  onToggle: (active: boolean) => void;
  disabled?: boolean;
};

/** A status cell that switches a record on or off in one click (SPEC §4 active toggles). */
export function ActiveToggle({ active, label, onToggle, disabled = false }: ActiveToggleProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={t('backOffice.status.toggle', { name: label })}
      disabled={disabled}
      onClick={() => onToggle(!active)}
      className={clsx(
        'inline-flex h-8 items-center gap-2 rounded-full border px-3 text-xs font-semibold transition-colors disabled:opacity-60',
        active
          ? 'border-emerald-700 bg-emerald-950/60 text-emerald-300 hover:bg-emerald-900/60'
          : 'border-slate-700 bg-slate-900 text-slate-400 hover:bg-slate-800',
      )}
    >
      <span aria-hidden="true" className={clsx('size-2 rounded-full', active ? 'bg-emerald-400' : 'bg-slate-500')} />
      {active ? t('backOffice.status.active') : t('backOffice.status.inactive')}
    </button>
  );
}
