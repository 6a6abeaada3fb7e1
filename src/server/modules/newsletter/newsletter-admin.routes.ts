import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignSummarySchema,
  newsletterTemplateSchema,
  NEWSLETTER_TEMPLATES_PATH,
  sendNewsletterResultSchema,
  sendNewsletterSchema,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscriberPageSchema,
  subscriberSelectionSchema,
  subscribersDeletedSchema,
  templateInputSchema,
} from '../../../shared/schemas/newsletter.js';
import { csvFile } from '../../http/csv-file.js';
import { noContent } from '../../http/no-content.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { NewsletterAdminService } from './newsletter-admin.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

const admin = { access: 'admin' as const };

/** Subscribers, export, templates, sending and campaign progress; every change goes to the activity log. */
export function newsletterAdminRoutes(newsletter: NewsletterAdminService, audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/newsletter/subscribers',
      { config: admin, schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberPageSchema } } },
      (request) => newsletter.listSubscribers(request.query.q, request.query.page),
    );

    app.delete(
      '/api/admin/newsletter/subscribers',
      { config: admin, schema: { body: subscriberSelectionSchema, response: { 200: subscribersDeletedSchema } } },
      async (request) => {
        const result = await newsletter.deleteSubscribers(request.body);
        const { ids, q } = request.body;
        // Facts, not a sentence: the Activity page says them in its reader's language.
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.delete,
          resource: AUDIT_ENTITIES.newsletterSubscriber,
          changes: {
            deleted: { from: null, to: result.deleted },
            selection: { from: null, to: ids === 'all' ? 'all' : 'selected' },
            ...(ids === 'all' && q ? { search: { from: null, to: q } } : {}),
          },
        });
        return result;
      },
    );

    // Streamed from the database in batches: any number of rows in flat memory.
    app.get(
      '/api/admin/newsletter/subscribers.csv',
      { config: admin, schema: { querystring: subscriberExportQuerySchema, response: { 200: csvFile } } },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(newsletter.exportSubscribers(request.query.q, request.query.ids));
      },
    );

    app.get(
      NEWSLETTER_TEMPLATES_PATH,
      { config: admin, schema: { response: { 200: z.array(newsletterTemplateSchema) } } },
      () => newsletter.listTemplates(),
    );

    app.post(
      NEWSLETTER_TEMPLATES_PATH,
      { config: admin, schema: { body: templateInputSchema, response: { 201: newsletterTemplateSchema } } },
      async (request, reply) => {
        const template = await newsletter.createTemplate(request.body);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.create,
          resource: AUDIT_ENTITIES.newsletterTemplate,
          recordId: template.id,
          summary: template.title,
        });
        return reply.status(201).send(template);
      },
    );

    app.delete(
      `${NEWSLETTER_TEMPLATES_PATH}/:id`,
      {
        config: admin,
        schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 204: noContent } },
      },
      async (request, reply) => {
        const deleted = await newsletter.deleteTemplate(request.params.id);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.delete,
          resource: AUDIT_ENTITIES.newsletterTemplate,
          recordId: deleted.id,
          summary: deleted.title,
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/admin/newsletter/send',
      {
        config: admin,
        schema: {
          body: sendNewsletterSchema,
          response: { 200: sendNewsletterResultSchema, 202: sendNewsletterResultSchema },
        },
      },
      async (request, reply) => {
        const result = await newsletter.send(request.body, request.user!.email);
        const { campaign } = result;
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.send,
          resource: AUDIT_ENTITIES.newsletter,
          recordId: campaign.id,
          summary: campaign.title,
          changes: {
            recipients: { from: null, to: campaign.recipients },
            channel: { from: null, to: campaign.channel },
          },
        });
        // An email campaign is accepted and sent in the background; a workflow send is done.
        return reply.status(result.campaign.status === 'sending' ? 202 : 200).send(result);
      },
    );

    app.get(
      '/api/admin/newsletter/campaigns',
      { config: admin, schema: { response: { 200: z.array(campaignSummarySchema) } } },
      () => newsletter.listCampaigns(),
    );
  };
}
