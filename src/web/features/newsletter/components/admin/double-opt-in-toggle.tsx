import { useId } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { useDoubleOptIn, useSetDoubleOptIn } from '../../api/admin/double-opt-in';

/** The double opt-in setting (off by default), saved as soon as it is switched. */
export function DoubleOptInToggle() {
  const { t } = useTranslation();
  const hintId = useId();
  const doubleOptIn = useDoubleOptIn();
  const setDoubleOptIn = useSetDoubleOptIn();
  const checked = setDoubleOptIn.isPending ? setDoubleOptIn.variables : (doubleOptIn.data ?? false);
  return (
    <div className="mt-2 flex flex-col gap-1 rounded-xl border border-slate-800 p-4">
      <label className="inline-flex min-h-11 items-center gap-3 text-sm font-medium text-slate-200">
        <input
          type="checkbox"
          className="size-5 accent-emerald-500"
          aria-describedby={hintId}
          checked={checked}
          disabled={!doubleOptIn.isSuccess || setDoubleOptIn.isPending}
          onChange={(event) =>
            setDoubleOptIn.mutate(event.target.checked, {
              onSuccess: (settings) =>
                notifySuccess(
                  t(
                    settings.newsletter_double_opt_in === 'true'
                      ? 'newsletterManagement.doubleOptIn.on'
                      : 'newsletterManagement.doubleOptIn.off',
                  ),
                ),
              onError: (error) => notifyFailure(t('newsletterManagement.doubleOptIn.failed'), error),
            })
          }
        />
        {t('newsletterManagement.doubleOptIn.label')}
      </label>
      <p id={hintId} className="text-xs text-slate-400">
        {t('newsletterManagement.doubleOptIn.hint')}
      </p>
    </div>
  );
}
