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
] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];

/** Keys only the back office reads, that are not secret: newsletter double opt-in ('true'/'false'). */
export const adminSettingKeys = ['newsletter_double_opt_in'] as const;

/** Every setting key of SPEC §3, plus the administrator's default interface language and newsletter options. */
export const settingKeys = [...secretSettingKeys, ...publicSettingKeys, ...adminSettingKeys] as const;
export type SettingKey = (typeof settingKeys)[number];

export const DEFAULT_SEO_TITLE = 'TradeBot Store — AI Trading Robots for MT4 & MT5';

export const settingDefaults: Record<SettingKey, string> = {
  n8n_webhook_url: '',
  n8n_callback_url: '',
  n8n_newsletter_url: '',
  n8n_secret_token: '',
  chatbot_webhook_url: '',
  chatbot_enabled: 'false',
  chatbot_welcome_message: 'Hello! How can I help you?',
  site_logo_url: '',
  site_favicon_url: '',
  seo_title: DEFAULT_SEO_TITLE,
  seo_description: 'Discover our AI trading robots powered by artificial intelligence.',
  seo_keywords: 'AI trading, robots, automated trading, algorithmic trading',
  seo_image_url: '',
  contact_url: '',
  hero_title: '',
  hero_description: '',
  default_language: '',
  // Off by default (SPEC): a subscription is confirmed at once.
  newsletter_double_opt_in: 'false',
};

export type PublicSettings = Record<PublicSettingKey, string>;
