import { z } from 'zod';
import { AUTOMATION_SECRET_MIN_LENGTH, SITE_NAME_MAX_LENGTH } from '../constants.js';
import { localizedTextPatchSchema, localizedTextValueSchema } from './localized-text.js';
import {
  isLocalizedSettingKey,
  PAYMENT_TOLERANCE_MAX_USD,
  publicSettingKeys,
  UNPAID_ORDER_EXPIRY_MAX_DAYS,
  type PublicSettingKey,
  type SettingKey,
  type SettingUpdateValue,
  type SettingValue,
} from '../settings-keys.js';

const httpUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL.' })]);
const imageUrl = z.union([
  z.literal(''),
  z.string().regex(/^\/[^/\\]/, 'Must be a path on this site or an http(s) URL.'),
  z.url({ protocol: /^https?$/ }),
]);
const text = (max: number) => z.string().trim().max(max);
/**
 * An owner's text in each language (issue 19 §2); either may stay empty. Settings are only ever
 * updated: a language not sent keeps its stored row, '' clears it (decision 0022).
 */
const localized = (max: number) => localizedTextPatchSchema({ max, required: false });

/** What an administrator may save for each setting key (SPEC §2 Settings; webhook fields are URLs). */
export const settingValueSchemas = {
  n8n_webhook_url: httpUrl,
  n8n_callback_url: httpUrl,
  n8n_newsletter_url: httpUrl,
  // Empty refuses every workflow; otherwise long enough not to be guessed.
  n8n_secret_token: text(500).refine((value) => value === '' || value.length >= AUTOMATION_SECRET_MIN_LENGTH, {
    message: `Must be empty or at least ${AUTOMATION_SECRET_MIN_LENGTH} characters.`,
  }),
  chatbot_webhook_url: httpUrl,
  chatbot_enabled: z.enum(['true', 'false']),
  chatbot_welcome_message: localized(500),
  site_logo_url: imageUrl,
  site_favicon_url: imageUrl,
  seo_title: localized(200),
  seo_description: localized(500),
  seo_keywords: text(500),
  seo_image_url: imageUrl,
  // A web link or an email address; empty hides the Contact link.
  contact_url: z.union([
    z.literal(''),
    z.url({ protocol: /^(https?|mailto)$/, message: 'Must be an http(s) or mailto: link.' }),
  ]),
  hero_title: localized(200),
  hero_description: localized(1000),
  default_language: z.enum(['', 'en', 'fr']),
  // The shop's name: a header line and an email's From name, so no line breaks or other control characters.
  site_name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(SITE_NAME_MAX_LENGTH, `at most ${SITE_NAME_MAX_LENGTH} characters`)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'must not contain control characters'),
  // A string check rather than an enum: the Settings form passes this value through untouched (the Newsletter page edits it).
  newsletter_double_opt_in: z.string().regex(/^(true|false)$/, 'Must be true or false.'),
  // Dollars and cents, e.g. 1.00: how far below the price a paid report may be before it waits for review.
  payment_tolerance_usd: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'Must be an amount in USD, such as 1.00.')
    .refine((value) => Number(value) <= PAYMENT_TOLERANCE_MAX_USD, {
      message: `Must be at most ${PAYMENT_TOLERANCE_MAX_USD}.00.`,
    }),
  // Whole days, e.g. 7: an order still waiting for its payment after them is cancelled (issue 17 §3).
  unpaid_order_expiry_days: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Must be a whole number of days, such as 7.')
    .refine((value) => Number(value) >= 1 && Number(value) <= UNPAID_ORDER_EXPIRY_MAX_DAYS, {
      message: `Must be between 1 and ${UNPAID_ORDER_EXPIRY_MAX_DAYS} days.`,
    }),
} satisfies { [Key in SettingKey]: z.ZodType<SettingUpdateValue<Key>, unknown> };

export const settingsUpdateSchema = z.object({ values: z.object(settingValueSchemas).partial().strict() });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/**
 * What the back office reads: every setting except the secret token, which is write-only. The
 * page only learns whether one is set; it can replace it, or clear it by saving ''.
 */
type ReadableSettingKey = Exclude<SettingKey, 'n8n_secret_token'>;
const readableKeys = Object.keys(settingValueSchemas).filter(
  (key): key is ReadableSettingKey => key !== 'n8n_secret_token',
);
/** What the API sends for a key: `{en, fr}` for the owner's texts, a string otherwise. */
type ValueSchema<Key extends SettingKey> = z.ZodType<SettingValue<Key>>;
function valueSchema<Key extends SettingKey>(key: Key): ValueSchema<Key> {
  return (isLocalizedSettingKey(key) ? localizedTextValueSchema : z.string()) as unknown as ValueSchema<Key>;
}
export const adminSettingsSchema = z.object({
  ...(Object.fromEntries(readableKeys.map((key) => [key, valueSchema(key)])) as {
    [Key in ReadableSettingKey]: ValueSchema<Key>;
  }),
  n8n_secret_token_set: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** What a visitor reads (GET /api/settings/public): the public keys only, the owner's texts in both languages. */
export const publicSettingsSchema = z.object(
  Object.fromEntries(publicSettingKeys.map((key) => [key, valueSchema(key)])) as {
    [Key in PublicSettingKey]: ValueSchema<Key>;
  },
);

/** The workflow addresses the Settings page can send a signed test ping to. */
export const webhookSettingKeys = [
  'n8n_webhook_url',
  'n8n_callback_url',
  'n8n_newsletter_url',
  'chatbot_webhook_url',
] as const;
export const webhookTestSchema = z.object({
  key: z.enum(webhookSettingKeys),
  /** The address being typed, before it is saved; the saved one when absent. */
  url: z
    .url({ protocol: /^https?$/, message: 'Must be an http(s) URL.' })
    .max(2000)
    .optional(),
});
export const webhookTestResultSchema = z.object({
  status: z.number().int(),
  ok: z.boolean(),
  milliseconds: z.number(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
