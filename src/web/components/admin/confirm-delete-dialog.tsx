import { useTranslation } from '../../lib/use-translation';
import { ConfirmDialog } from './confirm-dialog';

type ConfirmDeleteDialogProps<Entity> = {
  /** The record awaiting confirmation; null keeps the dialog closed. */
  record: Entity | null;
  onClose: () => void;
  message: (record: Entity) => string;
  onConfirm: (record: Entity) => Promise<unknown>;
};

/** The deletion question every management page asks, with its title and buttons. */
export function ConfirmDeleteDialog<Entity>({ record, onClose, message, onConfirm }: ConfirmDeleteDialogProps<Entity>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('backOffice.confirmTitle')}
      message={record === null ? '' : message(record)}
      confirmLabel={t('backOffice.dialog.delete')}
      onConfirm={() => (record === null ? Promise.resolve() : onConfirm(record))}
    />
  );
}
