import { z } from 'zod';
import { CONTENT_PAGE_SLUGS } from '../content-pages.js';

/** The shapes the storefront reads; one definition for the server's responses and the browser. */

export const riskLevelSchema = z.enum(['low', 'medium', 'high']);
export const robotStatusSchema = z.enum(['active', 'inactive']);

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
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
  description: z.string(),
  price: z.number(),
  image_url: z.string().nullable(),
  category: z.string().nullable(),
  risk_level: riskLevelSchema,
  trading_pair: z.string().nullable(),
  exchange: z.string().nullable(),
  features: z.array(z.string()),
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
  created_date: z.string(),
  updated_at: z.string(),
});
export type Robot = z.infer<typeof robotSchema>;

/** Columns a robot list may be ordered by; a leading minus means descending (SPEC §7). */
export const robotSortColumns = ['created_date', 'name', 'price', 'winrate', 'balance', 'updated_at'] as const;

export const robotListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  status: robotStatusSchema.optional(),
  risk_level: riskLevelSchema.optional(),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${robotSortColumns.join('|')})$`), `must be one of ${robotSortColumns.join(', ')}, optionally prefixed with -`)
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

export const heroBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['image', 'youtube']),
  content_url: z.string(),
  order_index: z.number().int(),
  active: z.boolean(),
  created_date: z.string(),
  updated_at: z.string(),
});
export type HeroBanner = z.infer<typeof heroBannerSchema>;

export const faqSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
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
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
