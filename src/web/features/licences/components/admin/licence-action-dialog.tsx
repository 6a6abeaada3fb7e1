import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import {
  LICENCE_EXTEND_DAYS_MAX,
  LICENCE_REVOKE_REASON_MAX_LENGTH,
  licenceExtendSchema,
  maskedLicenceKey,
  type AdminLicence,
} from '../../../../../shared/schemas/licences-admin.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { errorCodeOf } from '../../../../lib/api-client';
import { formatDay } from '../../../../lib/format-date';
import {
  useExtendLicence,
  useReinstateLicence,
  useResetLicenceSlots,
  useRevokeLicence,
} from '../../api/admin/change-licences';

export type LicenceAction = 'revoke' | 'reinstate' | 'extend' | 'reset';

const DEFAULT_EXTENSION_DAYS = '30';

/**
 * The confirmation of one of the owner's actions on a licence (issue 18 §2): revoke (with an
 * optional reason), reinstate, extend (by a number of days) or free every account. The dialog
 * stays open while the request runs and when it fails; a toast says what happened.
 */
export function LicenceActionDialog({
  licence,
  action,
  onOpenChange,
}: {
  licence: AdminLicence;
  action: LicenceAction | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(DEFAULT_EXTENSION_DAYS);
  const [invalid, setInvalid] = useState(false);
  const revoke = useRevokeLicence();
  const reinstate = useReinstateLicence();
  const extend = useExtendLicence();
  const reset = useResetLicenceSlots();
  const pending = revoke.isPending || reinstate.isPending || extend.isPending || reset.isPending;
  const key = maskedLicenceKey(licence.key_suffix);

  const close = (open: boolean) => {
    if (open || pending) return;
    setReason('');
    setDays(DEFAULT_EXTENSION_DAYS);
    setInvalid(false);
    onOpenChange(false);
  };
  /** The licence errors the page can say in the reader's language; anything else with the server's words. */
  const failed = (fallback: string) => (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'licence_order_closed' || code === 'licence_lifetime')
      notifyFailure(t(`adminLicences.errors.${code}`));
    else notifyFailure(fallback, error);
  };

  const confirm = () => {
    const id = licence.id;
    if (action === 'revoke')
      revoke.mutate(
        { id, reason },
        {
          onSuccess: () => {
            notifySuccess(t('adminLicences.actions.revoke.done', { key }));
            close(false);
          },
          onError: failed(t('adminLicences.actions.revoke.failed')),
        },
      );
    if (action === 'reinstate')
      reinstate.mutate(
        { id },
        {
          onSuccess: () => {
            notifySuccess(t('adminLicences.actions.reinstate.done', { key }));
            close(false);
          },
          onError: failed(t('adminLicences.actions.reinstate.failed')),
        },
      );
    if (action === 'extend') {
      // The server's own rule, checked before sending.
      const parsed = licenceExtendSchema.safeParse({ days: Number(days) });
      if (days.trim() === '' || !parsed.success) {
        setInvalid(true);
        return;
      }
      extend.mutate(
        { id, days: parsed.data.days },
        {
          onSuccess: (extended) => {
            notifySuccess(
              t('adminLicences.actions.extend.done', { key, date: formatDay(extended.expires_at, i18n.language) }),
            );
            close(false);
          },
          onError: failed(t('adminLicences.actions.extend.failed')),
        },
      );
    }
    if (action === 'reset')
      reset.mutate(
        { id },
        {
          onSuccess: (answer) => {
            notifySuccess(t('adminLicences.actions.reset.done', { count: answer.freed }));
            close(false);
          },
          onError: failed(t('adminLicences.actions.reset.failed')),
        },
      );
  };

  return (
    <AdminDialog
      open={action !== null}
      onOpenChange={close}
      role="alertdialog"
      size="sm"
      title={action ? t(`adminLicences.actions.${action}.title`, { key }) : ''}
      description={action ? t(`adminLicences.actions.${action}.description`) : undefined}
    >
      {action === 'revoke' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-200">
            {t('adminLicences.actions.revoke.reason')}
          </label>
          <textarea
            id={fieldId}
            value={reason}
            rows={3}
            maxLength={LICENCE_REVOKE_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
            className="w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100"
          />
        </div>
      )}
      {action === 'extend' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-200">
            {t('adminLicences.actions.extend.days')}
          </label>
          <input
            id={fieldId}
            type="number"
            inputMode="numeric"
            min={1}
            max={LICENCE_EXTEND_DAYS_MAX}
            step={1}
            value={days}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${fieldId}-error` : undefined}
            onChange={(event) => {
              setDays(event.target.value);
              setInvalid(false);
            }}
            className={`min-h-11 w-full rounded-lg border bg-slate-950 px-3 text-slate-100 ${invalid ? 'border-red-500' : 'border-slate-700'}`}
          />
          {invalid && (
            <p id={`${fieldId}-error`} className="text-sm text-red-300">
              {t('adminLicences.actions.extend.invalid')}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={() => close(false)} disabled={pending} className={buttonClass('secondary')}>
          {t('backOffice.dialog.cancel')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={pending}
          aria-busy={pending}
          className={buttonClass(action === 'revoke' || action === 'reset' ? 'danger' : 'primary')}
        >
          {action ? t(`adminLicences.actions.${action}.confirm`) : ''}
        </button>
      </div>
    </AdminDialog>
  );
}
