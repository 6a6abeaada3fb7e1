import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import type { AdminLicence, AdminLicenceStatus } from '../../../../../shared/schemas/licences-admin.js';
import { formatDay } from '../../../../lib/format-date';

const tones: Record<AdminLicenceStatus, string> = {
  active: 'border-emerald-700 bg-emerald-950/60 text-emerald-200',
  expired: 'border-amber-600 bg-amber-950/60 text-amber-200',
  revoked: 'border-red-700 bg-red-950/60 text-red-200',
};

/** The licence's status as its robot meets it, with why it was revoked. */
export function LicenceStatusBadge({ licence }: { licence: Pick<AdminLicence, 'status' | 'revoked_reason'> }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[licence.status],
      )}
    >
      {licence.status === 'revoked' && licence.revoked_reason
        ? t(`adminLicences.revokedBecause.${licence.revoked_reason}`)
        : t(`adminLicences.status.${licence.status}`)}
    </span>
  );
}

/** "until 3 Mar 2027", "since 1 Feb 2027" once passed, or "For life". */
export function LicenceExpiry({ licence }: { licence: Pick<AdminLicence, 'expires_at'> }) {
  const { t, i18n } = useTranslation();
  // The time the row was first shown: a render must not read the clock.
  const [shownAt] = useState(Date.now);
  if (licence.expires_at === null) return <>{t('adminLicences.lifetime')}</>;
  const date = formatDay(licence.expires_at, i18n.language);
  const passed = Date.parse(licence.expires_at) <= shownAt;
  return <>{t(passed ? 'adminLicences.since' : 'adminLicences.until', { date })}</>;
}
