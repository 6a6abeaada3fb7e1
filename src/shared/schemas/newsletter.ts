import { z } from 'zod';

export const subscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
});

/** Rows per page of the administrator's subscriber table. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Most ids one request may name; "all that match the search" covers larger selections. */
export const MAX_SELECTED_IDS = 1000;

const search = z.string().trim().max(254).default('');

export const subscriberListQuerySchema = z.object({
  q: search,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

const ids = z.array(z.string().min(1).max(100)).min(1, 'Choose at least one subscriber.').max(MAX_SELECTED_IDS);

/** Which subscribers an action applies to: the ones ticked, or every one matching the search. */
export const subscriberSelectionSchema = z.object({ ids: z.union([ids, z.literal('all')]), q: search });
export type SubscriberSelection = z.infer<typeof subscriberSelectionSchema>;

/** The export link: ids comma-separated in the query (the ticked rows), or none for all that match `q`. */
export const subscriberExportQuerySchema = z.object({
  q: search,
  ids: z
    .string()
    .max(MAX_SELECTED_IDS * 40)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(ids.optional()),
});

export const subscriberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_date: z.string(),
  confirmed: z.boolean(),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;

export const subscriberPageSchema = z.object({
  items: z.array(subscriberRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

/** What deleting subscribers answers: how many went. */
export const subscribersDeletedSchema = z.object({ deleted: z.number().int() });

const title = z.string().trim().min(1, 'Titre et contenu requis.').max(300);
/** Quill leaves "<p><br></p>" in an empty editor: content is blank unless it has text or an image. */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<(?!img\b)[^>]*>/gi, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

const content = z
  .string()
  .max(500_000)
  .refine((html) => !isBlankHtml(html), 'Titre et contenu requis.');

/** The templates' address (list, create; `/:id` deletes): the server's routes and the back office's. */
export const NEWSLETTER_TEMPLATES_PATH = '/api/admin/newsletter/templates';

export const templateInputSchema = z.object({ title, content });
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const newsletterTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  created_date: z.string(),
});
export type NewsletterTemplate = z.infer<typeof newsletterTemplateSchema>;

/** SPEC §5 newsletter send: a title, content and at least one recipient (ids or 'all' matching q). */
export const sendNewsletterSchema = z.object({
  title,
  content,
  recipients: z.union([ids, z.literal('all')]),
  q: search,
  template_id: z.string().min(1).max(100).optional(),
});
export type SendNewsletterInput = z.input<typeof sendNewsletterSchema>;

export const campaignChannels = ['workflow', 'email'] as const;
export const campaignStatuses = ['sending', 'sent', 'failed'] as const;
export const deliveryStatuses = ['pending', 'sent', 'failed', 'skipped'] as const;

export const campaignSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  channel: z.enum(campaignChannels),
  status: z.enum(campaignStatuses),
  sender: z.string(),
  error: z.string().nullable(),
  created_date: z.string(),
  finished_date: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Unsubscribed or deleted before their turn. */
  skipped: z.number().int(),
  remaining: z.number().int(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const sendNewsletterResultSchema = z.object({
  campaign: campaignSummarySchema,
  /** The template saved because none was chosen (SPEC §7), or null. */
  template: newsletterTemplateSchema.nullable(),
});
export type SendNewsletterResult = z.infer<typeof sendNewsletterResultSchema>;

/** What a subscription answers (201): whether the address must still be confirmed (double opt-in). */
export const subscribedSchema = z.object({ subscribed: z.literal(true), confirmationRequired: z.boolean() });
