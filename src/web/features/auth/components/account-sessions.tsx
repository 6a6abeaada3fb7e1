import { Monitor } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatDateTime } from '../../../lib/format-date';
import { useAccountSessions, useRevokeSession } from '../api/manage-account';
import { AccountSection } from './account-section';

/** 'Mozilla/5.0 (X11; Linux x86_64) … Chrome/130…' -> 'Chrome · Linux': enough to recognise a device. */
function describeBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = ['Edg', 'OPR', 'Firefox', 'Chrome', 'Safari'].find((name) => userAgent.includes(`${name}/`));
  const system = ['Windows', 'Android', 'iPhone', 'iPad', 'Mac OS', 'Linux'].find((name) => userAgent.includes(name));
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', 'Mac OS': 'macOS' };
  const parts = [browser, system]
    .filter((part): part is string => part !== undefined)
    .map((part) => names[part] ?? part);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function AccountSessions() {
  const { t, i18n } = useTranslation();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <AccountSection title={t('account.sessions.heading')}>
      {sessions.isError && <Alert tone="error">{t('account.sessions.loadError')}</Alert>}
      {revoke.isError && <Alert tone="error">{t('auth.messages.requestFailed')}</Alert>}
      {revoke.isSuccess && <Alert tone="success">{t('account.sessions.revoked')}</Alert>}
      {sessions.data && (
        <ul className="flex flex-col divide-y divide-slate-800">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <Monitor aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-white">
                  {describeBrowser(session.user_agent) ?? t('account.sessions.unknownDevice')}
                  {session.current && (
                    <span className="ml-2 rounded-md bg-emerald-500/15 px-2 py-0.5 text-xs font-bold text-emerald-300">
                      {t('account.sessions.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-400">
                  {t('account.sessions.signedInAt', { date: formatDateTime(session.created_at, i18n.language) })}
                  {session.ip_address && ` · ${session.ip_address}`}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(session.id)}
                  className={buttonClass('secondary', 'h-9 px-3')}
                >
                  {t('account.sessions.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data &&
        (others.length === 0 ? (
          <p className="text-sm text-slate-400">{t('account.sessions.noOthers')}</p>
        ) : (
          <button
            type="button"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate('others')}
            className={buttonClass('secondary', 'self-start')}
          >
            {t('account.sessions.revokeOthers')}
          </button>
        ))}
    </AccountSection>
  );
}
