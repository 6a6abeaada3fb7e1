import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { iconButtonClass } from './icon-button-class';

type MoveButtonsProps = {
  /** Names the record in the buttons' labels ("Move Launch up"). */
  label: string;
  index: number;
  count: number;
  onMove: (direction: 'up' | 'down') => void;
  disabled?: boolean;
};

/** Up/down reordering (SPEC §4): the first row cannot go up, the last cannot go down. */
export function MoveButtons({ label, index, count, onMove, disabled = false }: MoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex gap-1">
      <button
        type="button"
        aria-label={t('backOffice.move.up', { name: label })}
        disabled={disabled || index <= 0}
        onClick={() => onMove('up')}
        className={iconButtonClass()}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={t('backOffice.move.down', { name: label })}
        disabled={disabled || index >= count - 1}
        onClick={() => onMove('down')}
        className={iconButtonClass()}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}
