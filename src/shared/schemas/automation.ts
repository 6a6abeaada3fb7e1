import { z } from 'zod';
import { statsRecordSchema, type StatsRecordInput } from './stats.js';

/**
 * The replies of the automation workflows the shop calls, as docs/automation-api.md ("Calls the
 * shop makes") describes them. The server's automation gateway parses every reply with these:
 * change the document and the schema together.
 */

/** n8n's "Respond to Webhook" node often answers an array of items: the first one is the reply. */
const firstItem = (reply: unknown) => (Array.isArray(reply) ? reply[0] : reply);

/** The payment page opens in the client's browser: only a web address will do. */
const webAddress = z
  .string()
  .max(2048)
  .refine(
    (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
    'must be an http(s) address',
  );

/** Payment: `{ PayUrl, payment_id? }`; an unusable payment_id is dropped, not a failure. */
export const paymentReplySchema = z
  .preprocess(
    firstItem,
    z.object({
      PayUrl: webAddress,
      payment_id: z
        .union([z.string(), z.number()])
        .transform((id) => String(id).slice(0, 200))
        .nullable()
        .catch(null),
    }),
  )
  .transform(({ PayUrl, payment_id }) => ({ pay_url: PayUrl, payment_id }));
export type PaymentReply = z.infer<typeof paymentReplySchema>;

/** Newsletter: sent only when `resulat` (the original product's spelling) or `result` says so. */
export const newsletterReplySchema = z.union([
  z.object({ resulat: z.literal('success') }),
  z.object({ result: z.literal('success') }),
]);
export type NewsletterReply = z.infer<typeof newsletterReplySchema>;

/** Chat: the text to show, in `response`. */
export const chatReplySchema = z.object({ response: z.string().refine((text) => text.trim() !== '', 'is blank') });
export type ChatReply = z.infer<typeof chatReplySchema>;

/**
 * Stats: an array of stats records. An item that is not a record is counted and left out, so
 * one bad record does not cost the others.
 */
export const statsReplySchema = z.array(z.unknown()).transform((items) => {
  const records: StatsRecordInput[] = [];
  let ignored = 0;
  for (const item of items) {
    const parsed = statsRecordSchema.safeParse(item);
    if (parsed.success) records.push(parsed.data);
    else ignored += 1;
  }
  return { records, ignored };
});
export type StatsReply = z.infer<typeof statsReplySchema>;

const saying = z
  .string()
  .refine((text) => text.trim() !== '')
  .optional()
  .catch(undefined);

/** With an error status, what the workflow says went wrong: its `message`, else its `error`. */
export const workflowErrorReplySchema = z
  .preprocess(firstItem, z.object({ message: saying, error: saying }))
  .transform(({ message, error }) => message ?? error);
