import { z } from 'zod';
import { CONTENT_PAGE_SLUGS } from '../content-pages.js';
import {
  localizedListPatchSchema,
  localizedListSchema,
  localizedListValueSchema,
  localizedTextPatchSchema,
  localizedTextSchema,
  localizedTextValueSchema,
} from './localized-text.js';
import { ROBOT_SLUG_MAX_LENGTH, ROBOT_SLUG_PATTERN } from '../robot-slug.js';
import { VERIFIED_RECORD_URL_MAX, verifiedRecordSite } from '../verified-record.js';
import { youtubeVideoId } from '../youtube-id.js';

/**
 * The catalogue and its editorial content: what the storefront reads (entities) and what the back
 * office writes (inputs). One definition for the server's routes, the database types
 * (src/server/db/schema.ts) and the browser's forms.
 */

export const riskLevelSchema = z.enum(['low', 'medium', 'high']);
export const robotStatusSchema = z.enum(['active', 'inactive']);
/**
 * How a paid order gets its robot (decision 0018): a build the owner uploads for that order
 * (SPEC's flow), or the robot's current release, at once.
 */
export const robotDeliverySchema = z.enum(['per_order', 'automatic']);
export type RobotDelivery = z.infer<typeof robotDeliverySchema>;
export type RiskLevel = z.infer<typeof riskLevelSchema>;
export type RobotStatus = z.infer<typeof robotStatusSchema>;

export const categorySchema = z.object({
  id: z.string(),
  /** In each language (issue 19 §2); '' where one is not written. */
  name: localizedTextValueSchema,
  key: z.string(),
  active: z.boolean(),
  created_date: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const stat = z.number().nullable();

export const robotSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The robot's address, `/robots/<slug>` (issue 19 §4). */
  slug: z.string(),
  /** Rich text in each language (issue 19 §2); '' where one is not written. */
  description: localizedTextValueSchema,
  price: z.number(),
  image_url: z.string().nullable(),
  category: z.string().nullable(),
  risk_level: riskLevelSchema,
  trading_pair: z.string().nullable(),
  exchange: z.string().nullable(),
  /** The feature list in each language; an empty list is one not written. */
  features: localizedListValueSchema,
  performance_estimate: z.number(),
  target_profit: z.number(),
  weekly_pnl: z.number(),
  monthly_pnl: z.number(),
  status: robotStatusSchema,
  winrate: stat,
  balance: stat,
  profit: stat,
  profit_factor: stat,
  weekly: stat,
  monthly: stat,
  floating: stat,
  daily: stat,
  last_stats_update: z.string().nullable(),
  // Licences (issue 18): whether a paid order gets a licence key, and what it allows.
  licence_required: z.boolean(),
  licence_real_slots: z.number().int(),
  licence_demo_slots: z.number().int(),
  /** Null: a licence for life. */
  licence_duration_days: z.number().int().nullable(),
  // Releases (issue 18 §1, decision 0018): how paid orders are delivered, and the highest
  // release's version (null before the first).
  delivery: robotDeliverySchema,
  current_version: z.string().nullable(),
  // Track record (issue 20, decision 0019): the address of a record verified elsewhere, and the
  // computed figures the catalogue sorts and its cards show (self-reported).
  verified_record_url: z.string().nullable(),
  /** Time-weighted growth of the balance, in percent. */
  track_growth: stat,
  /** Maximum drawdown of the equity, in percent. */
  track_max_drawdown: stat,
  track_started_at: z.string().nullable(),
  /** Days of the free trial a signed-in client may start once (decision 0020); null: none. */
  trial_days: z.number().int().nullable(),
  created_date: z.string(),
  updated_at: z.string(),
});
export type Robot = z.infer<typeof robotSchema>;

/** Columns a robot list may be ordered by; a leading minus means descending (SPEC §7). */
export const robotSortColumns = [
  'created_date',
  'name',
  'price',
  'winrate',
  'balance',
  'updated_at',
  'track_growth',
  'track_max_drawdown',
  'track_started_at',
] as const;

export const robotListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  status: robotStatusSchema.optional(),
  risk_level: riskLevelSchema.optional(),
  sort: z
    .string()
    .regex(
      new RegExp(`^-?(${robotSortColumns.join('|')})$`),
      `must be one of ${robotSortColumns.join(', ')}, optionally prefixed with -`,
    )
    .default('-created_date'),
});
export type RobotListQuery = z.infer<typeof robotListQuerySchema>;

export const robotStatsHistoryPointSchema = z.object({
  recorded_at: z.string(),
  balance: stat,
  winrate: stat,
  profit: stat,
  floating: stat,
});
export type RobotStatsHistoryPoint = z.infer<typeof robotStatsHistoryPointSchema>;

export const bannerTypeSchema = z.enum(['image', 'youtube']);
export type BannerType = z.infer<typeof bannerTypeSchema>;

export const heroBannerSchema = z.object({
  id: z.string(),
  /** In each language (issue 19 §2). */
  title: localizedTextValueSchema,
  type: bannerTypeSchema,
  content_url: z.string(),
  order_index: z.number().int(),
  active: z.boolean(),
  created_date: z.string(),
  updated_at: z.string(),
});
export type HeroBanner = z.infer<typeof heroBannerSchema>;

/** Owner-written text as the API sends it: both translations, '' where one is not written (issue 19 §2). */
const localizedText = z.object({ en: z.string(), fr: z.string() });

export const faqSchema = z.object({
  id: z.string(),
  question: localizedText,
  answer: localizedText,
  order_index: z.number().int(),
  active: z.boolean(),
  created_date: z.string(),
  updated_at: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

export const pageSlugSchema = z.enum(CONTENT_PAGE_SLUGS);
export type PageSlug = z.infer<typeof pageSlugSchema>;

export const contentPageSchema = z.object({
  id: z.string(),
  slug: pageSlugSchema,
  title: localizedText,
  content: localizedText,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

// ---- Back-office inputs (SPEC §5). Optional fields have no zod default: a create leaves them to
// the database's defaults, and the same shape made partial is the PATCH body (active toggles).

const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `at most ${max} characters`);
/** Free text where empty means "not set". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullable()
    .transform((value) => (value === '' ? null : value));

const IMAGE_ADDRESS = /^(\/(?![/\\])\S*|https?:\/\/\S+)$/i;

/** Where an image may live: a file of this site (`/files/public/...`) or an http(s) address. */
export const imageAddressSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(IMAGE_ADDRESS, 'must be a path on this site or an http(s) address');

/**
 * SPEC §5: a category key is the name in lower case, without punctuation, spaces as underscores.
 * Accented letters lose their accent rather than disappear, for a name typed in French.
 */
export function categoryKeyFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .replace(/ +/g, '_');
}

const categoryName = { max: 100, required: true };
export const categoryInputSchema = z.object({
  /** Written in English, French or both; the reader of a missing one sees the other (issue 19 §2). */
  name: localizedTextSchema(categoryName),
  key: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100)
    .regex(/^[a-z0-9_]+$/, 'only lower-case letters, digits and underscores'),
  active: z.boolean().optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
/** An update's name changes only the languages it sends (decision 0022). */
export const categoryPatchSchema = categoryInputSchema
  .partial()
  .extend({ name: localizedTextPatchSchema(categoryName).optional() });
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;

/** SPEC §5: the legacy figures parse as decimals and become 0 when they are not a number. */
export function decimalOrZero(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : 0;
}
const legacyFigure = z
  .union([z.number(), z.string().max(50), z.null()])
  .transform(decimalOrZero)
  .optional();

/** The longest free trial an owner may offer (decision 0020). */
export const MAX_TRIAL_DAYS = 90;

/** Accounts of one mode (real or demo) a licence may be activated on at once. */
const licenceSlots = z
  .number({ error: 'a number of accounts' })
  .int('a whole number of accounts')
  .min(0, 'cannot be negative')
  .max(100, 'at most 100');

/**
 * A robot's address as the administrator types it: letters in lower case, digits and single
 * hyphens. Empty asks the server to make one from the name.
 */
export const robotSlugInputSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(ROBOT_SLUG_MAX_LENGTH, `at most ${ROBOT_SLUG_MAX_LENGTH} characters`)
  .refine((slug) => slug === '' || ROBOT_SLUG_PATTERN.test(slug), {
    message: 'only lower-case letters, digits and single hyphens between them, e.g. orion-ea',
  });

const robotDescription = { max: 200_000, required: false };
const robotFeature = z.string().trim().min(1, 'is required').max(200, 'at most 200 characters');
const MAX_ROBOT_FEATURES = 30;

export const robotInputSchema = z.object({
  name: requiredText(200),
  slug: robotSlugInputSchema.optional(),
  price: z.number({ error: 'is required' }).min(0, 'cannot be negative').max(1_000_000),
  /** Rich text in each language; the server keeps only the editor's formats. */
  description: localizedTextSchema(robotDescription).optional(),
  image_url: imageAddressSchema.nullable().optional(),
  category: z.string().trim().max(100).nullable().optional(),
  risk_level: riskLevelSchema.optional(),
  trading_pair: optionalText(100).optional(),
  exchange: optionalText(100).optional(),
  features: localizedListSchema(robotFeature, MAX_ROBOT_FEATURES).optional(),
  performance_estimate: legacyFigure,
  target_profit: legacyFigure,
  weekly_pnl: legacyFigure,
  monthly_pnl: legacyFigure,
  status: robotStatusSchema.optional(),
  licence_required: z.boolean().optional(),
  licence_real_slots: licenceSlots.optional(),
  licence_demo_slots: licenceSlots.optional(),
  licence_duration_days: z
    .number({ error: 'a number of days, or empty for life' })
    .int('a whole number of days')
    .min(1, 'at least 1 day')
    .max(36_500, 'at most 36500 days')
    .nullable()
    .optional(),
  delivery: robotDeliverySchema.optional(),
  /** Empty: none. Stored as the address normalised (https, host in lower case). */
  verified_record_url: z
    .string()
    .trim()
    .max(VERIFIED_RECORD_URL_MAX, `at most ${VERIFIED_RECORD_URL_MAX} characters`)
    .nullable()
    .refine(
      (address) => !address || verifiedRecordSite(address) !== null,
      'must be the https address of a Myfxbook account or an MQL5 signal',
    )
    .transform((address) => (address ? new URL(address).href : null))
    .optional(),
  /** Decision 0020: only for a licensed robot delivered automatically (the server says why otherwise). */
  trial_days: z
    .number({ error: 'a number of days, or empty for no trial' })
    .int('a whole number of days')
    .min(1, 'at least 1 day')
    .max(MAX_TRIAL_DAYS, `at most ${MAX_TRIAL_DAYS} days`)
    .nullable()
    .optional(),
});
export type RobotInput = z.infer<typeof robotInputSchema>;
/** An update's description and features change only the languages they send (decision 0022). */
export const robotPatchSchema = robotInputSchema.partial().extend({
  description: localizedTextPatchSchema(robotDescription).optional(),
  features: localizedListPatchSchema(robotFeature, MAX_ROBOT_FEATURES).optional(),
});
export type RobotPatch = z.infer<typeof robotPatchSchema>;

/** Why a banner's address does not fit its type, or null when it does (SPEC §5, §2). */
export function bannerAddressProblem(type: z.infer<typeof bannerTypeSchema>, address: string): string | null {
  if (type === 'youtube')
    return youtubeVideoId(address) === null ? 'must be a YouTube address with an 11-character video id' : null;
  return IMAGE_ADDRESS.test(address.trim()) ? null : 'must be a path on this site or an http(s) address';
}

const bannerTitle = { max: 200, required: true };
const bannerFields = z.object({
  title: localizedTextSchema(bannerTitle),
  type: bannerTypeSchema,
  content_url: z.string().trim().min(1, 'is required').max(2000),
  active: z.boolean().optional(),
});
export const bannerInputSchema = bannerFields.superRefine((banner, context) => {
  const problem = bannerAddressProblem(banner.type, banner.content_url);
  if (problem) context.addIssue({ code: 'custom', path: ['content_url'], message: problem });
});
export type BannerInput = z.infer<typeof bannerInputSchema>;
/**
 * The address is checked against the type once merged with the stored banner; the title changes
 * only the languages it sends (decision 0022).
 */
export const bannerPatchSchema = bannerFields
  .partial()
  .extend({ title: localizedTextPatchSchema(bannerTitle).optional() });
export type BannerPatch = z.infer<typeof bannerPatchSchema>;

/** Each written in English, French or both; the reader of a missing one sees the other (issue 19 §2). */
const faqQuestion = { max: 500, required: true };
const faqAnswer = { max: 10_000, required: true };
export const faqInputSchema = z.object({
  question: localizedTextSchema(faqQuestion),
  /** Plain text shown with its line breaks; markup is removed when it is stored. */
  answer: localizedTextSchema(faqAnswer),
  active: z.boolean().optional(),
});
export type FaqInput = z.infer<typeof faqInputSchema>;
/** An update's texts change only the languages they send (decision 0022). */
export const faqPatchSchema = faqInputSchema.partial().extend({
  question: localizedTextPatchSchema(faqQuestion).optional(),
  answer: localizedTextPatchSchema(faqAnswer).optional(),
});
export type FaqPatch = z.infer<typeof faqPatchSchema>;

const pageTitle = { max: 200, required: true };
const pageContent = { max: 500_000, required: false };
/** The back office's page form: both languages of each text. */
export const contentPageInputSchema = z.object({
  title: localizedTextSchema(pageTitle),
  /** Empty in both languages is allowed: the storefront then says the page is not written yet. */
  content: localizedTextSchema(pageContent),
});
export type ContentPageInput = z.infer<typeof contentPageInputSchema>;
/**
 * What saving a page (PUT) accepts: the form's shape, where a language not sent stays as stored,
 * or is '' when the page is new (decision 0022).
 */
export const contentPageSaveSchema = z.object({
  title: localizedTextPatchSchema(pageTitle),
  content: localizedTextPatchSchema(pageContent),
});
export type ContentPageSave = z.infer<typeof contentPageSaveSchema>;

/** Up/down reordering of banners and FAQs (SPEC §4). */
export const moveInputSchema = z.object({ direction: z.enum(['up', 'down']) });
export type MoveDirection = z.infer<typeof moveInputSchema>['direction'];
