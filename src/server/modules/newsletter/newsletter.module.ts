import type { FastifyInstance } from 'fastify';
import { sanitizeRichText } from '../../text/sanitize-rich-text.js';
import type { ModuleContext } from '../module-context.js';
import { CampaignSender } from './campaign-sender.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { newsletterAdminRoutes } from './newsletter-admin.routes.js';
import { NewsletterAdminService } from './newsletter-admin.service.js';
import { newsletterEmails } from './newsletter-emails.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { newsletterRoutes } from './newsletter.routes.js';
import { NewsletterService } from './newsletter.service.js';
import { TemplatesRepository } from './templates.repository.js';

export async function register(
  app: FastifyInstance,
  { db, config, settings, automation, mailer, audit, exclusive, log }: ModuleContext,
): Promise<void> {
  const emails = newsletterEmails(config.publicUrl);
  const subscribers = new NewsletterRepository(db);
  const campaigns = new CampaignsRepository(db);
  const sender = new CampaignSender({
    campaigns,
    mailer,
    emails,
    shopName: () => settings.siteName(),
    ratePerSecond: config.newsletterSendRate,
    exclusive: (work) => exclusive('newsletter-send', work),
    log,
  });
  app.decorate('campaignSender', sender);
  // Stops before the mailer and the database close (onClose hooks run last in, first out).
  app.addHook('onClose', () => sender.stop());
  const admin = new NewsletterAdminService({
    subscribers,
    templates: new TemplatesRepository(db),
    campaigns,
    workflow: automation,
    sender,
    canEmail: mailer.delivers,
    sanitize: sanitizeRichText,
    publicUrl: config.publicUrl,
  });
  await app.register(newsletterRoutes(new NewsletterService({ subscribers, settings, mailer, emails, log })));
  await app.register(newsletterAdminRoutes(admin, audit));
  if (mailer.delivers) sender.start();
}
