import type { FastifyInstance } from 'fastify';
import { paymentToleranceUsd, unpaidOrderExpiryDays } from '../../../shared/settings-keys.js';
import { createOrderChanges } from '../../realtime/order-changes.js';
import { createCatalogueService } from '../catalogue/catalogue.service.js';
import { createLicencesService } from '../licences/licences.service.js';
import type { ModuleContext } from '../module-context.js';
import { createCurrentReleases } from '../robot-releases/robot-releases.service.js';
import { adminOrdersRoutes } from './admin-orders.routes.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { AutomaticDelivery } from './automatic-delivery.js';
import { DownloadLinks } from './download-links.js';
import { GroupedOrderWrites } from './grouped-order-writes.js';
import { OrderDownloads } from './order-downloads.js';
import { OrderEmails } from './order-emails.js';
import { OrderStatusChanger } from './order-status.js';
import { OrderStreams } from './order-streams.js';
import { OrdersRepository } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';
import { PaymentCallbacksService } from './payment-callbacks.service.js';
import { paymentHookRoutes } from './payment-hook.routes.js';
import { TrialEmails } from './trial-emails.js';
import { TrialOrdersRepository } from './trial-orders.repository.js';
import { trialOrdersRoutes } from './trial-orders.routes.js';
import { TrialOrdersService } from './trial-orders.service.js';
import { TrialReminders } from './trial-reminders.js';
import { UnpaidOrdersExpiry } from './unpaid-orders-expiry.js';
import { unpaidOrdersRoutes } from './unpaid-orders.routes.js';
import { UnpaidOrdersService } from './unpaid-orders.service.js';

/**
 * Orders, payment and delivery (issue 9): one repository, one status changer (which also delivers
 * robots' current releases automatically, decision 0018), four route plugins, and the job that
 * cancels orders left unpaid (issue 17 §3).
 */
export async function register(
  app: FastifyInstance,
  { db, config, automation, emailOutbox, storage, log, settings, audit, exclusive, listening }: ModuleContext,
): Promise<void> {
  const orders = new OrdersRepository(db, config.database.dialect);
  const changes = createOrderChanges(db, config.database, listening, log);
  await changes.ready;
  const streams = new OrderStreams(changes, config.database.dialect, log);
  // Open event streams would keep the server from closing; the listener goes with the database.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', () => changes.close());
  const emails = new OrderEmails({ outbox: emailOutbox, publicUrl: config.publicUrl, settings });
  // SQLite: the status changes of one turn share one commit, the dearest part of each on the one
  // connection (a burst of payment callbacks, issue 21 §6). PostgreSQL runs them side by side on
  // the pool's connections.
  const grouped = config.database.dialect === 'sqlite' ? new GroupedOrderWrites(orders) : null;
  const status = new OrderStatusChanger(
    orders,
    changes,
    emails,
    log,
    createLicencesService(db, config),
    new AutomaticDelivery(createCurrentReleases),
    audit,
    grouped ? (work) => grouped.write(work) : undefined,
  );
  const service = new OrdersService({
    orders,
    catalogue: createCatalogueService(db),
    payments: automation,
    status,
    emails,
    log,
  });
  const downloads = new OrderDownloads({
    orders,
    links: new DownloadLinks(config.authSecret),
    storage,
    status,
    publicUrl: config.publicUrl,
    log,
  });
  await app.register(ordersRoutes(service, downloads, streams));
  const toleranceUsd = async () => paymentToleranceUsd((await settings.getAll()).payment_tolerance_usd);
  await app.register(
    paymentHookRoutes(new PaymentCallbacksService(orders, status, toleranceUsd), automation.inboundSecret),
  );
  await app.register(adminOrdersRoutes(new AdminOrdersService(orders, status, emails, storage, audit)));

  const unpaid = new UnpaidOrdersService({
    orders,
    status,
    emails,
    ownOrder: (user, id) => service.getOwnRow(user, id),
    view: (row) => service.view(row),
    expiryDays: async () => unpaidOrderExpiryDays((await settings.getAll()).unpaid_order_expiry_days),
  });
  await app.register(unpaidOrdersRoutes(unpaid));
  const expiry = new UnpaidOrdersExpiry({ service: unpaid, exclusive, log });
  app.decorate('unpaidOrdersExpiry', expiry);
  // A run in progress ends before the database closes (preClose runs before any onClose); what it
  // cancelled has its emails in the outbox already, written with each cancellation.
  app.addHook('preClose', () => expiry.stop());
  expiry.start();

  // Free trials (decision 0020): started by the client, reminded before they end by a job.
  const trials = new TrialOrdersService({
    orders,
    trials: new TrialOrdersRepository(db),
    catalogue: createCatalogueService(db),
    status,
    emails: new TrialEmails({ outbox: emailOutbox, publicUrl: config.publicUrl }),
    view: (row) => service.view(row),
  });
  await app.register(trialOrdersRoutes(trials));
  const reminders = new TrialReminders({ service: trials, exclusive, log });
  app.decorate('trialReminders', reminders);
  app.addHook('preClose', () => reminders.stop());
  reminders.start();
}
