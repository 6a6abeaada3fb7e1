import { DEFAULT_SITE_NAME, LANGUAGES } from './constants.js';
import { languageColumn, withTranslations, type LocalizedText, type LocalizedTextPatch } from './localized-text.js';

/** Setting keys and defaults, free of zod so the browser bundle can import them cheaply. */

/** Keys that never leave the back office: where the workflows live, and their shared secret. */
export const secretSettingKeys = [
  'n8n_webhook_url',
  'n8n_callback_url',
  'n8n_newsletter_url',
  'n8n_secret_token',
  'chatbot_webhook_url',
] as const;

/** Keys a visitor may read. */
export const publicSettingKeys = [
  'chatbot_enabled',
  'chatbot_welcome_message',
  'site_logo_url',
  'site_favicon_url',
  'seo_title',
  'seo_description',
  'seo_keywords',
  'seo_image_url',
  'contact_url',
  'hero_title',
  'hero_description',
  'default_language',
  'site_name',
] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];

/**
 * Keys only the back office reads, that are not secret: newsletter double opt-in ('true'/'false'),
 * how far a reported payment may be from the price before the owner is asked (USD, decision 0014),
 * and after how many days an order still waiting for its payment is cancelled (issue 17 §3).
 */
export const adminSettingKeys = [
  'newsletter_double_opt_in',
  'payment_tolerance_usd',
  'unpaid_order_expiry_days',
] as const;

/**
 * The owner-written texts among the keys above, in each language (issue 19 §2; not site_name,
 * which is one name): the API reads and writes them as `{en, fr}`, the settings table keeps one
 * row per language, `hero_title_en` and `hero_title_fr` (`languageColumn`, migration 0022).
 */
export const localizedSettingKeys = [
  'chatbot_welcome_message',
  'seo_title',
  'seo_description',
  'hero_title',
  'hero_description',
] as const;
export type LocalizedSettingKey = (typeof localizedSettingKeys)[number];

export function isLocalizedSettingKey(key: string): key is LocalizedSettingKey {
  return (localizedSettingKeys as readonly string[]).includes(key);
}

/** Every setting key of SPEC §3, plus the administrator's default interface language and newsletter options. */
export const settingKeys = [...secretSettingKeys, ...publicSettingKeys, ...adminSettingKeys] as const;
export type SettingKey = (typeof settingKeys)[number];

/** Network fees and rounding make a crypto payment a little short now and then: a dollar passes. */
export const DEFAULT_PAYMENT_TOLERANCE_USD = '1.00';
export const PAYMENT_TOLERANCE_MAX_USD = 1000;

/** The tolerance a saved value means; a value stored by hand that is not one falls back to the default. */
export function paymentToleranceUsd(value: string | undefined): number {
  const parsed = Number(value);
  return value !== undefined && /^\d+(\.\d{1,2})?$/.test(value.trim()) && parsed <= PAYMENT_TOLERANCE_MAX_USD
    ? parsed
    : Number(DEFAULT_PAYMENT_TOLERANCE_USD);
}

/** A week: long enough for a slow bank or a weekend, short enough that unpaid orders do not pile up. */
export const DEFAULT_UNPAID_ORDER_EXPIRY_DAYS = '7';
export const UNPAID_ORDER_EXPIRY_MAX_DAYS = 365;

/** The days a saved value means; a value stored by hand that is not one falls back to the default. */
export function unpaidOrderExpiryDays(value: string | undefined): number {
  const parsed = Number(value);
  return value !== undefined && /^\d{1,3}$/.test(value.trim()) && parsed >= 1 && parsed <= UNPAID_ORDER_EXPIRY_MAX_DAYS
    ? parsed
    : Number(DEFAULT_UNPAID_ORDER_EXPIRY_DAYS);
}

/** A setting's value: text in each language for the owner's texts, one string otherwise. */
export type SettingValue<Key extends SettingKey> = Key extends LocalizedSettingKey ? LocalizedText : string;
export type SettingValues = { [Key in SettingKey]: SettingValue<Key> };
/** What an update sends for a key: for an owner's text, only the languages it changes (decision 0022). */
export type SettingUpdateValue<Key extends SettingKey> = Key extends LocalizedSettingKey ? LocalizedTextPatch : string;
export type SettingUpdates = { [Key in SettingKey]?: SettingUpdateValue<Key> };

export const settingDefaults: SettingValues = {
  n8n_webhook_url: '',
  n8n_callback_url: '',
  n8n_newsletter_url: '',
  n8n_secret_token: '',
  chatbot_webhook_url: '',
  chatbot_enabled: 'false',
  chatbot_welcome_message: { en: 'Hello! How can I help you?', fr: 'Bonjour ! Comment puis-je vous aider ?' },
  site_logo_url: '',
  site_favicon_url: '',
  // Empty: Home is titled with the shop's name and its tagline (shared/document-title.ts).
  seo_title: { en: '', fr: '' },
  seo_description: {
    en: 'Discover our AI trading robots powered by artificial intelligence.',
    fr: 'Découvrez nos robots de trading propulsés par l’intelligence artificielle.',
  },
  seo_keywords: 'AI trading, robots, automated trading, algorithmic trading',
  seo_image_url: '',
  contact_url: '',
  hero_title: { en: '', fr: '' },
  hero_description: { en: '', fr: '' },
  default_language: '',
  site_name: DEFAULT_SITE_NAME,
  // Off by default (SPEC): a subscription is confirmed at once.
  newsletter_double_opt_in: 'false',
  payment_tolerance_usd: DEFAULT_PAYMENT_TOLERANCE_USD,
  unpaid_order_expiry_days: DEFAULT_UNPAID_ORDER_EXPIRY_DAYS,
};

export type PublicSettings = { [Key in PublicSettingKey]: SettingValue<Key> };

/**
 * The settings rows that hold `values`: one per plain key, one per language of an owner's text
 * that `values` holds (a language an update does not send keeps its row).
 */
export function settingRows(values: SettingUpdates): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const [key, value] of Object.entries(values) as Array<[SettingKey, string | LocalizedTextPatch | undefined]>) {
    if (value === undefined) continue;
    if (typeof value === 'string') rows[key] = value;
    else if (isLocalizedSettingKey(key))
      for (const language of LANGUAGES) {
        const translation = value[language];
        if (translation !== undefined) rows[languageColumn(key, language)] = translation;
      }
  }
  return rows;
}

/** The settings as they are once `updates` are saved over `stored`. */
export function withSettingUpdates(stored: SettingValues, updates: SettingUpdates): SettingValues {
  const merged: Record<string, string | LocalizedText> = { ...stored };
  for (const [key, value] of Object.entries(updates) as Array<[SettingKey, string | LocalizedTextPatch | undefined]>) {
    if (value === undefined) continue;
    merged[key] = typeof value === 'string' ? value : withTranslations(stored[key] as LocalizedText, value);
  }
  return merged as SettingValues;
}

/** The settings the stored rows hold, each key's (or translation's) default where its row is missing. */
export function settingsFromRows(rows: ReadonlyMap<string, string>): SettingValues {
  const values: Record<string, string | LocalizedText> = {};
  for (const key of settingKeys) {
    const fallback = settingDefaults[key];
    if (typeof fallback === 'string') values[key] = rows.get(key) ?? fallback;
    else if (isLocalizedSettingKey(key))
      values[key] = Object.fromEntries(
        LANGUAGES.map((language) => [language, rows.get(languageColumn(key, language)) ?? fallback[language]]),
      ) as LocalizedText;
  }
  return values as SettingValues;
}
