import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { iconButtonClass } from './icon-button-class';

type RowActionsProps = {
  /** Names the record in the buttons' labels ("Edit Crypto Bots"). */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** Edit and delete buttons of a table row. */
export function RowActions({ label, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        aria-label={t('backOffice.row.edit', { name: label })}
        onClick={onEdit}
        className={iconButtonClass()}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={t('backOffice.row.delete', { name: label })}
        onClick={onDelete}
        className={iconButtonClass('danger')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </>
  );
}
