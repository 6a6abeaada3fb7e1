import { clsx } from 'clsx';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import { closedOrderStatuses } from '../../../../../shared/order-states.js';
import { maskedLicenceKey, type AdminLicenceDetail } from '../../../../../shared/schemas/licences-admin.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { formatDateTime } from '../../../../lib/format-date';
import { useAdminLicence } from '../../api/admin/get-admin-licence';
import { LicenceActionDialog, type LicenceAction } from './licence-action-dialog';
import { LicenceExpiry, LicenceStatusBadge } from './licence-status';

/** The refusal codes of docs/licence-api.md, and `ok`: what a check's result may say. */
const knownResults = new Set([
  'ok',
  'unknown_key',
  'not_activated',
  'revoked',
  'expired',
  'refunded',
  'no_free_slot',
  'wrong_robot',
]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The actions the licence allows now: revoke or reinstate, extend unless for life, free its accounts if any. */
function allowedActions(licence: AdminLicenceDetail): LicenceAction[] {
  const actions: LicenceAction[] = [licence.status === 'revoked' ? 'reinstate' : 'revoke'];
  if (licence.expires_at !== null) actions.push('extend');
  if (licence.slots.real.used + licence.slots.demo.used > 0) actions.push('reset');
  return actions;
}

/**
 * One licence for the owner (issue 18 §2): its key, status, expiry, client, robot and order; the
 * actions (revoke or reinstate, extend, free every account), each confirmed first; the accounts
 * it is or was bound to (who freed them, when); and its robots' newest checks.
 */
export function LicenceDetailDialog({
  licenceId,
  onOpenChange,
}: {
  licenceId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useAdminLicence(licenceId);
  const [action, setAction] = useState<LicenceAction | null>(null);
  const licence = detail.data?.id === licenceId ? detail.data : undefined;
  const when = (iso: string | null) => formatDateTime(iso, i18n.language) ?? t('common.noValue');
  const closedOrder = licence !== undefined && closedOrderStatuses.includes(licence.order_status);

  return (
    <AdminDialog
      open={licenceId !== null}
      onOpenChange={onOpenChange}
      title={licence ? t('adminLicences.detail.title', { key: maskedLicenceKey(licence.key_suffix) }) : ''}
    >
      {detail.isError && <Alert tone="error">{t('backOffice.table.loadError')}</Alert>}
      {!licence ? (
        !detail.isError && (
          <p role="status" className="text-slate-400">
            {t('backOffice.table.loading')}
          </p>
        )
      ) : (
        <div className="space-y-5 text-sm">
          <div className="rounded-lg border border-slate-800 p-3">
            <p className="text-slate-400">{t('adminLicences.detail.key')}</p>
            {/* A narrow screen breaks the key between its groups, never inside one. */}
            <p className="mt-1 font-mono text-base break-words text-white">
              {licence.key.split('-').map((group, index) => (
                <Fragment key={index}>
                  {index > 0 && (
                    <>
                      -<wbr />
                    </>
                  )}
                  {group}
                </Fragment>
              ))}
            </p>
            <p className="mt-1 text-xs text-slate-400">{t('adminLicences.detail.keyHint')}</p>
          </div>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {(
              [
                [t('adminLicences.detail.status'), <LicenceStatusBadge key="status" licence={licence} />],
                [t('adminLicences.detail.expiry'), <LicenceExpiry key="expiry" licence={licence} />],
                [
                  t('adminLicences.detail.client'),
                  `${licence.client_name ?? ''} ${licence.client_email ? `<${licence.client_email}>` : ''}`.trim() ||
                    t('common.noValue'),
                ],
                [t('adminLicences.detail.robot'), licence.robot_name],
                [
                  t('adminLicences.detail.order'),
                  t('adminLicences.detail.orderValue', {
                    number: shortOrderNumber(licence.order_id),
                    status: t(`adminOrders.status.${licence.order_status}`),
                  }),
                ],
                [t('adminLicences.detail.issued'), when(licence.created_at)],
                [t('adminLicences.detail.realSlots'), t('adminLicences.detail.slotsValue', licence.slots.real)],
                [t('adminLicences.detail.demoSlots'), t('adminLicences.detail.slotsValue', licence.slots.demo)],
                [
                  t('adminLicences.detail.lastCheck'),
                  licence.last_check_at ? when(licence.last_check_at) : t('adminLicences.never'),
                ],
                ...(licence.revoked_note
                  ? [[t('adminLicences.detail.revokedNote'), licence.revoked_note] as const]
                  : []),
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col gap-0.5">
                <dt className="text-slate-400">{label}</dt>
                <dd className="break-words whitespace-pre-wrap text-white">{value}</dd>
              </div>
            ))}
          </dl>

          <Section title={t('adminLicences.detail.actions')}>
            {licence.status === 'revoked' && closedOrder && (
              <p className="text-amber-200">
                {t(`adminLicences.detail.closedOrder.${licence.order_status as 'refunded' | 'cancelled'}`)}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {allowedActions(licence).map((allowed) => (
                <button
                  key={allowed}
                  type="button"
                  // A closed order keeps its licence revoked (decision 0017): the server refuses it too.
                  disabled={allowed === 'reinstate' && closedOrder}
                  className={buttonClass(
                    allowed === 'revoke' || allowed === 'reset' ? 'danger' : 'secondary',
                    'disabled:opacity-60',
                  )}
                  onClick={() => setAction(allowed)}
                >
                  {t(`adminLicences.actions.${allowed}.action`)}
                </button>
              ))}
            </div>
          </Section>

          <Section title={t('adminLicences.detail.activations')}>
            {licence.activations.length === 0 ? (
              <p className="text-slate-400">{t('adminLicences.detail.noActivations')}</p>
            ) : (
              <ul className="space-y-2">
                {licence.activations.map((activation) => (
                  <li
                    key={activation.id}
                    className={clsx(
                      'rounded-lg border p-3',
                      activation.freed_at ? 'border-slate-800 text-slate-400' : 'border-emerald-900 text-slate-300',
                    )}
                  >
                    <p className="flex flex-wrap gap-x-3 gap-y-1">
                      <span className="font-mono font-semibold text-white">{activation.account_login}</span>
                      <span className="break-all">{activation.account_server}</span>
                      <span>
                        {t(`adminLicences.detail.mode.${activation.account_mode}`)} ·{' '}
                        {t('adminLicences.detail.slot', { slot: activation.slot })}
                      </span>
                      <span>
                        {activation.platform}
                        {activation.ea_version ? ` ${activation.ea_version}` : ''}
                      </span>
                    </p>
                    <p className="mt-1 text-xs text-slate-400">
                      {t('adminLicences.detail.firstSeen', { date: when(activation.first_seen_at) })},{' '}
                      {t('adminLicences.detail.lastSeen', { date: when(activation.last_seen_at) })}
                    </p>
                    <p className={clsx('mt-1 text-xs', activation.freed_at ? 'text-amber-200' : 'text-emerald-300')}>
                      {activation.freed_at
                        ? t('adminLicences.detail.freed', {
                            date: when(activation.freed_at),
                            // The client's own free, or an administrator's reset (who, by address).
                            who:
                              activation.freed_by_role === 'administrator'
                                ? `${t('adminLicences.detail.freedBy.administrator')}${activation.freed_by_email ? ` (${activation.freed_by_email})` : ''}`
                                : activation.freed_by_role === 'client'
                                  ? t('adminLicences.detail.freedBy.client')
                                  : t('common.noValue'),
                          })
                        : t('adminLicences.detail.inUse')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title={t('adminLicences.detail.checks')}>
            {licence.checks.length === 0 ? (
              <p className="text-slate-400">{t('adminLicences.detail.noChecks')}</p>
            ) : (
              <>
                <p className="text-xs text-slate-400">
                  {t('adminLicences.detail.checksCount', { shown: licence.checks.length, total: licence.checks_total })}
                </p>
                <ul className="space-y-1">
                  {licence.checks.map((check) => (
                    <li key={check.id} className="flex flex-wrap gap-x-2 text-slate-300">
                      <span className="whitespace-nowrap">{when(check.checked_at)}</span>
                      <span>·</span>
                      <span>{t(`adminLicences.detail.endpoint.${check.endpoint}`)}</span>
                      <span>·</span>
                      <span className={check.result === 'ok' ? 'text-emerald-300' : 'text-amber-200'}>
                        {knownResults.has(check.result)
                          ? t(`adminLicences.detail.result.${check.result as 'ok'}`)
                          : check.result}
                      </span>
                      {check.account_login && (
                        <span className="text-slate-400">
                          · {check.account_login}
                          {check.account_server ? ` @ ${check.account_server}` : ''}
                        </span>
                      )}
                      {check.ip_address && <span className="text-slate-500">· {check.ip_address}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Section>
        </div>
      )}
      {licence && <LicenceActionDialog licence={licence} action={action} onOpenChange={() => setAction(null)} />}
    </AdminDialog>
  );
}
