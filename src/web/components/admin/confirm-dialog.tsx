import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { buttonClass } from '../ui/button-classes';
import { AdminDialog } from './admin-dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  /** The action; the dialog stays open, its button busy, until it settles, and closes on success. */
  onConfirm: () => Promise<unknown>;
  /** 'danger' (red) for what removes or takes away; 'primary' for what only adds. */
  tone?: 'danger' | 'primary';
};

/** "Are you sure?" before anything that cannot be undone (deletions) or that changes who may do what. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The action reported its failure (a toast); the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  }
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      role="alertdialog"
      size="sm"
    >
      <p className="text-slate-300">{message}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={() => onOpenChange(false)} disabled={busy} className={buttonClass('secondary')}>
          {t('backOffice.dialog.cancel')}
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
          className={buttonClass('primary', tone === 'danger' ? 'bg-red-500 text-white hover:bg-red-400' : undefined)}
        >
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
