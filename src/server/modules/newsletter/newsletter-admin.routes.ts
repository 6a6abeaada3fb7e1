import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sendNewsletterSchema,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscriberSelectionSchema,
  templateInputSchema,
} from '../../../shared/schemas/newsletter.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { NewsletterAdminService } from './newsletter-admin.service.js';

const admin = { access: 'admin' as const };

/** Subscribers, export, templates, sending and campaign progress; every change goes to the activity log. */
export function newsletterAdminRoutes(newsletter: NewsletterAdminService, audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/newsletter/subscribers',
      { config: admin, schema: { querystring: subscriberListQuerySchema } },
      (request) => newsletter.listSubscribers(request.query.q, request.query.page),
    );

    app.delete(
      '/api/admin/newsletter/subscribers',
      { config: admin, schema: { body: subscriberSelectionSchema } },
      async (request) => {
        const result = await newsletter.deleteSubscribers(request.body);
        const which =
          request.body.ids === 'all' ? `all matching "${request.body.q}"` : `${request.body.ids.length} selected`;
        await audit.record({
          actor: request.user!,
          action: 'delete',
          resource: 'newsletter_subscriber',
          summary: `${result.deleted} subscribers (${which})`,
        });
        return result;
      },
    );

    // Streamed from the database in batches: any number of rows in flat memory.
    app.get(
      '/api/admin/newsletter/subscribers.csv',
      { config: admin, schema: { querystring: subscriberExportQuerySchema } },
      (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(newsletter.exportSubscribers(request.query.q, request.query.ids));
      },
    );

    app.get('/api/admin/newsletter/templates', { config: admin }, () => newsletter.listTemplates());

    app.post(
      '/api/admin/newsletter/templates',
      { config: admin, schema: { body: templateInputSchema } },
      async (request, reply) => {
        const template = await newsletter.createTemplate(request.body);
        await audit.record({
          actor: request.user!,
          action: 'create',
          resource: 'newsletter_template',
          recordId: template.id,
          summary: template.title,
        });
        return reply.status(201).send(template);
      },
    );

    app.delete(
      '/api/admin/newsletter/templates/:id',
      { config: admin, schema: { params: z.object({ id: z.string().min(1).max(100) }) } },
      async (request, reply) => {
        const deleted = await newsletter.deleteTemplate(request.params.id);
        await audit.record({
          actor: request.user!,
          action: 'delete',
          resource: 'newsletter_template',
          recordId: deleted.id,
          summary: deleted.title,
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/admin/newsletter/send',
      { config: admin, schema: { body: sendNewsletterSchema } },
      async (request, reply) => {
        const result = await newsletter.send(request.body, request.user!.email);
        const { campaign } = result;
        await audit.record({
          actor: request.user!,
          action: 'send',
          resource: 'newsletter',
          recordId: campaign.id,
          summary: `${campaign.title} (${campaign.recipients} recipients, ${campaign.channel})`,
        });
        // An email campaign is accepted and sent in the background; a workflow send is done.
        return reply.status(result.campaign.status === 'sending' ? 202 : 200).send(result);
      },
    );

    app.get('/api/admin/newsletter/campaigns', { config: admin }, () => newsletter.listCampaigns());
  };
}
