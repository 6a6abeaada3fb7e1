import { useTranslation } from '../../../lib/use-translation';
import type { ClientActivation, ClientLicence } from '../../../../shared/schemas/client-licences.js';
import { AdminDialog } from '../../../components/admin/admin-dialog';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { errorCodeOf } from '../../../lib/api-client';
import { useFreeLicenceSlot } from '../api/free-licence-slot';

type FreeSlotDialogProps = {
  licence: ClientLicence;
  /** The activation to free; the dialog is open while one is given. */
  activation: ClientActivation | null;
  onClose: () => void;
  onFreed: (activation: ClientActivation) => void;
};

/** Why a free was refused, in the reader's language; the page meanwhile shows the licence as it is now. */
function useRefusal(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  switch (errorCodeOf(error)) {
    case 'free_limit_reached':
      return t('licencePage.freeDialog.limitReached');
    case 'licence_inactive':
      return t('licencePage.freeDialog.inactive');
    case 'not_found':
      return t('licencePage.freeDialog.gone');
    default:
      return t('licencePage.freeDialog.failed', { message: error instanceof Error ? error.message : String(error) });
  }
}

/** "Free the slot of account …?": what stops, what to do first, and what it costs of the limit. */
export function FreeSlotDialog({ licence, activation, onClose, onFreed }: FreeSlotDialogProps) {
  const { t } = useTranslation();
  const free = useFreeLicenceSlot();
  const refusal = useRefusal(free.error);
  const close = () => {
    if (free.isPending) return;
    free.reset();
    onClose();
  };
  const left = Math.max(0, licence.frees.limit - licence.frees.used - 1);
  return (
    <AdminDialog
      open={activation !== null}
      onOpenChange={(open) => !open && close()}
      title={t('licencePage.freeDialog.title', { login: activation?.account_login ?? '' })}
      role="alertdialog"
      size="sm"
    >
      {activation && (
        <>
          <div className="flex flex-col gap-3 text-slate-300">
            <p>
              {t('licencePage.freeDialog.description', {
                login: activation.account_login,
                server: activation.account_server,
                mode: t(`licencePage.modes.${activation.account_mode}`),
              })}
            </p>
            <p className="font-medium text-amber-200">{t('licencePage.freeDialog.removeFirst')}</p>
            <p>
              {t('licencePage.freeDialog.uses', {
                count: left,
                limit: licence.frees.limit,
                days: licence.frees.window_days,
              })}
            </p>
          </div>
          {refusal && <Alert tone="error">{refusal}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={close} disabled={free.isPending} className={buttonClass('secondary')}>
              {t('licencePage.freeDialog.keep')}
            </button>
            <button
              type="button"
              disabled={free.isPending || refusal !== null}
              aria-busy={free.isPending}
              className={buttonClass('danger')}
              onClick={() =>
                free.mutate(
                  { orderId: licence.order_id, activationId: activation.id },
                  {
                    onSuccess: () => {
                      free.reset();
                      onFreed(activation);
                    },
                  },
                )
              }
            >
              {t('licencePage.freeDialog.confirm')}
            </button>
          </div>
        </>
      )}
    </AdminDialog>
  );
}
