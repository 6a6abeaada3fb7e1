import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { MAX_DOWNLOADS_PER_ORDER } from '../../../../../shared/constants.js';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import { nextOrderStatus, type OrderEvent } from '../../../../../shared/order-states.js';
import type { OrderResolution } from '../../../../../shared/schemas/orders.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { formatDateTime } from '../../../../lib/format-date';
import { formatUsd } from '../../../../lib/format-number';
import { useGrantDownloads } from '../../api/admin/change-orders';
import { useAdminOrder } from '../../api/admin/get-admin-order';
import { formatReported } from '../../amounts';
import { PaymentFlags, paymentAmounts } from './payment-details';
import { ResolveOrderDialog } from './resolve-order-dialog';

/** Each resolution and the order event it is (decision 0014): its button shows when the order allows it. */
const resolutions: [OrderResolution, OrderEvent][] = [
  ['mark_paid', { type: 'marked_paid' }],
  ['refund', { type: 'refunded' }],
  ['cancel', { type: 'cancelled' }],
];

function Section({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-white">{title}</h3>
      {count === 0 ? <p className="text-sm text-slate-400">{empty}</p> : <ul className="space-y-2">{children}</ul>}
    </section>
  );
}

/**
 * An order's payment (expected and reported amounts, flags), its file, its timeline (every status
 * change, who made it and why, and what went wrong that the client was told only in general
 * words), its payment callbacks (the first place to look when a client says "I paid"), its
 * downloads and every fetch of their links, and its emails (one the mail server refused shows
 * why); an administrator may give downloads back, and resolve the payment (decision 0014).
 */
export function OrderDetailDialog({
  orderId,
  onOpenChange,
}: {
  orderId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useAdminOrder(orderId);
  const grant = useGrantDownloads();
  const [resolving, setResolving] = useState<OrderResolution | null>(null);
  const order = detail.data;
  const when = (iso: string) => formatDateTime(iso, i18n.language) ?? iso;
  // Links are numbered in the order they were issued (the list shows the newest first).
  const linkNumbers = new Map(
    [...(order?.downloads ?? [])].reverse().map((download, index) => [download.id, index + 1]),
  );
  const versionLabels = new Map((order?.versions ?? []).map((version) => [version.id, version.label]));
  const amounts = order ? paymentAmounts(order, i18n.language) : null;
  // A free trial was not paid (decision 0020): nothing to resolve.
  const allowed =
    order && !order.trial
      ? resolutions.filter(([, event]) => {
          const transition = nextOrderStatus(order.status, event, 'administrator');
          return transition.ok && transition.changed;
        })
      : [];
  return (
    <AdminDialog
      open={orderId !== null}
      onOpenChange={onOpenChange}
      title={t('adminOrders.detail.title', { number: orderId ? shortOrderNumber(orderId) : '' })}
    >
      {detail.isError && <Alert tone="error">{t('backOffice.table.loadError')}</Alert>}
      {!order ? (
        <p role="status" className="text-slate-400">
          {t('backOffice.table.loading')}
        </p>
      ) : (
        <div className="space-y-5 text-sm">
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {[
              [t('adminOrders.detail.status'), t(`adminOrders.status.${order.status}`)],
              [t('adminOrders.detail.expected'), amounts!.expected],
              [t('adminOrders.detail.reported'), amounts!.reported ?? t('common.noValue')],
              [
                t('adminOrders.detail.client'),
                `${order.client_name ?? ''} ${order.client_email ? `<${order.client_email}>` : ''}`.trim() ||
                  t('common.noValue'),
              ],
              [t('adminOrders.detail.telegram'), order.telegram_username],
              [t('adminOrders.detail.price'), formatUsd(order.price, i18n.language)],
              [t('adminOrders.detail.payment'), order.payment_id ?? t('common.noValue')],
              [
                t('adminOrders.detail.terms'),
                order.terms_accepted_at ? when(order.terms_accepted_at) : t('common.noValue'),
              ],
              [t('adminOrders.detail.file'), order.file_name ?? t('common.noValue')],
              [t('adminOrders.detail.downloads'), `${order.download_count}/${MAX_DOWNLOADS_PER_ORDER}`],
            ].map(([label, value]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-slate-400">{label}</dt>
                <dd className="break-words text-white">{value}</dd>
              </div>
            ))}
          </dl>
          {order.trial && order.trial_ends_at && (
            <Alert tone="warning">{t('trials.admin.orderNote', { date: when(order.trial_ends_at) })}</Alert>
          )}
          {order.payment_flags.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-slate-400">{t('adminOrders.flags.label')}</span>
              <PaymentFlags flags={order.payment_flags} />
            </div>
          )}
          {allowed.length > 0 && (
            <section className="space-y-2 rounded-lg border border-orange-800/70 bg-orange-950/20 p-3">
              <h3 className="font-semibold text-white">{t('adminOrders.resolve.title')}</h3>
              {order.status === 'needs_review' && (
                <p className="text-slate-300">{t('adminOrders.resolve.reviewHint')}</p>
              )}
              <div className="flex flex-wrap gap-2">
                {allowed.map(([resolution]) => (
                  <button
                    key={resolution}
                    type="button"
                    className={buttonClass(resolution === 'mark_paid' ? 'primary' : 'secondary')}
                    onClick={() => setResolving(resolution)}
                  >
                    {t(`adminOrders.resolve.${resolution}.action`)}
                  </button>
                ))}
              </div>
            </section>
          )}
          <div className="rounded-lg border border-slate-800 p-3">
            <p className="text-slate-400">{t('adminOrders.detail.strategy')}</p>
            <p className="mt-1 whitespace-pre-wrap text-slate-200">{order.strategy_instructions}</p>
          </div>
          <Section
            title={t('adminOrders.detail.versions')}
            empty={t('adminOrders.detail.noVersions')}
            count={order.versions.length}
          >
            {order.versions.map((version) => (
              <li key={version.id} className="text-slate-300">
                <span className="font-semibold text-white">
                  {t('adminOrders.detail.version', { label: version.label })}
                </span>{' '}
                · {version.file_name} · {when(version.created_at)} ·{' '}
                {t('adminOrders.detail.versionDownloads', {
                  used: version.download_count,
                  max: MAX_DOWNLOADS_PER_ORDER,
                })}
              </li>
            ))}
          </Section>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={grant.isPending || order.download_count === 0}
            onClick={() =>
              grant.mutate(
                { id: order.id, extra: 1 },
                {
                  onSuccess: () => notifySuccess(t('adminOrders.detail.granted')),
                  onError: (error) => notifyFailure(t('adminOrders.detail.grantFailed'), error),
                },
              )
            }
          >
            {t('adminOrders.detail.grant')}
          </button>
          <Section
            title={t('adminOrders.detail.timeline')}
            empty={t('adminOrders.detail.noEvents')}
            count={order.events.length}
          >
            {order.events.map((event) => (
              <li key={event.id} className="rounded-lg border border-slate-800 p-3">
                <p className="flex flex-wrap gap-x-3 text-slate-300">
                  <span>{when(event.occurred_at)}</span>
                  {event.to_status && (
                    <span className="font-semibold text-white">
                      {event.from_status ? `${t(`adminOrders.status.${event.from_status}`)} → ` : ''}
                      {t(`adminOrders.status.${event.to_status}`)}
                    </span>
                  )}
                  <span className={event.to_status ? undefined : 'font-semibold text-white'}>
                    {t(`adminOrders.timeline.events.${event.kind}`)}
                  </span>
                  {event.actor && (
                    <span className="text-slate-400">
                      {event.actor_email ?? t(`adminOrders.timeline.actors.${event.actor}`)}
                    </span>
                  )}
                </p>
                {event.amount_paid !== null && (
                  <p className="mt-1 text-slate-200">
                    {t('adminOrders.timeline.reported', {
                      reported: formatReported(event.amount_paid, event.paid_currency, i18n.language),
                      expected: amounts!.expected,
                    })}
                  </p>
                )}
                {event.payment_flags.length > 0 && (
                  <div className="mt-1">
                    <PaymentFlags flags={event.payment_flags} />
                  </div>
                )}
                {event.note && <p className="mt-1 whitespace-pre-wrap text-slate-200">{event.note}</p>}
                {/* The technical detail the client was spared, as the shop received it. */}
                {event.detail && <p className="mt-1 break-words text-slate-400">{event.detail}</p>}
              </li>
            ))}
          </Section>
          <Section
            title={t('adminOrders.detail.callbacks')}
            empty={t('adminOrders.detail.noCallbacks')}
            count={order.callbacks.length}
          >
            {order.callbacks.map((callback) => (
              <li key={callback.id} className="rounded-lg border border-slate-800 p-3">
                <p className="flex flex-wrap gap-x-3 text-slate-300">
                  <span>{when(callback.received_at)}</span>
                  <span className="font-semibold text-white">{callback.status_word ?? t('common.noValue')}</span>
                  <span>
                    {t(`adminOrders.detail.outcome.${callback.outcome}` as 'adminOrders.detail.outcome.applied')}
                  </span>
                  <span className="text-slate-400">
                    {t(`adminOrders.detail.signature.${callback.signature}` as 'adminOrders.detail.signature.secret')}
                  </span>
                </p>
                {callback.detail && <p className="mt-1 text-slate-400">{callback.detail}</p>}
                <pre className="mt-2 overflow-x-auto rounded bg-slate-950 p-2 text-xs text-slate-300">
                  {callback.payload}
                </pre>
              </li>
            ))}
          </Section>
          <Section
            title={t('adminOrders.detail.downloadLog')}
            empty={t('adminOrders.detail.noDownloads')}
            count={order.downloads.length + order.grants.length}
          >
            {order.downloads.map((download) => (
              <li key={download.id} className="text-slate-300">
                {t('adminOrders.detail.link', { number: linkNumbers.get(download.id) })} ·{' '}
                {versionLabels.has(download.version_id ?? '') && (
                  <>{t('adminOrders.detail.version', { label: versionLabels.get(download.version_id!) })} · </>
                )}
                {when(download.downloaded_at)} · {download.ip_address ?? t('common.noValue')} ·{' '}
                <span className="text-slate-400">{download.user_agent ?? t('common.noValue')}</span>
              </li>
            ))}
            {order.grants.map((entry) => (
              <li key={entry.id} className="text-emerald-300">
                {when(entry.granted_at)} · {t('adminOrders.detail.grantEntry', { count: entry.extra })}
              </li>
            ))}
          </Section>
          <Section
            title={t('adminOrders.detail.emails')}
            empty={t('adminOrders.detail.noEmails')}
            count={order.emails.length}
          >
            {order.emails.map((email) => (
              <li key={email.id} className="text-slate-300">
                {when(email.created_at)} ·{' '}
                {t(`adminOrders.detail.emailKind.${email.kind}` as 'adminOrders.detail.emailKind.order-paid', {
                  defaultValue: email.kind,
                })}{' '}
                · {email.recipient} ·{' '}
                {email.sent_at ? (
                  <span className="text-emerald-300">
                    {t('adminOrders.detail.emailSent', { date: when(email.sent_at) })}
                  </span>
                ) : email.failed_at ? (
                  <span className="text-red-300">{t('adminOrders.detail.emailFailed', { count: email.attempts })}</span>
                ) : (
                  <span className="text-amber-300">
                    {email.attempts === 0
                      ? t('adminOrders.detail.emailWaiting')
                      : t('adminOrders.detail.emailRetrying', { count: email.attempts })}
                  </span>
                )}
                {!email.sent_at && email.last_error && <p className="mt-1 text-slate-400">{email.last_error}</p>}
              </li>
            ))}
          </Section>
          <Section
            title={t('adminOrders.detail.fetchLog')}
            empty={t('adminOrders.detail.noFetches')}
            count={order.fetches.length}
          >
            {order.fetches.map((fetch) => (
              <li key={fetch.id} className={fetch.outcome.startsWith('refused') ? 'text-amber-300' : 'text-slate-300'}>
                {when(fetch.fetched_at)} · {fetch.ip_address ?? t('common.noValue')} ·{' '}
                {t(`adminOrders.detail.fetchOutcome.${fetch.outcome}` as 'adminOrders.detail.fetchOutcome.full')}
                {fetch.range_header && <span className="text-slate-400"> · {fetch.range_header}</span>}
                <span className="text-slate-500">
                  {' · '}
                  {t('adminOrders.detail.link', { number: linkNumbers.get(fetch.download_id) ?? '?' })}
                </span>
              </li>
            ))}
          </Section>
        </div>
      )}
      {order && <ResolveOrderDialog order={order} resolution={resolving} onOpenChange={() => setResolving(null)} />}
    </AdminDialog>
  );
}
