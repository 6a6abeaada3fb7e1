/** Business constants of SPEC §9, shared by server and browser. */
export const STRATEGY_MIN_LENGTH = 50;
export const STRATEGY_MAX_LENGTH = 1000;
export const PASSWORD_MIN_LENGTH = 6;
export const ESTIMATED_DELIVERY_DAYS = 7;
export const MAX_DOWNLOADS_PER_ORDER = 2;
export const SIGNED_DOWNLOAD_TTL_SECONDS = 3600;
export const ROBOT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** SPEC §5's types, and the compiled MetaTrader 4 and 5 programs that sellers ship. */
export const ROBOT_FILE_EXTENSIONS = ['zip', 'py', 'mq4', 'mq5', 'ex4', 'ex5'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PAYMENT_POLL_INTERVAL_MS = 5000;
export const PAYMENT_POLL_DELAY_MS = 10_000;
/** How long the order page waits for the payment confirmation before it gives up and says so (SPEC §9's payment confirmation timeout). */
export const PAYMENT_CONFIRMATION_WAIT_MS = 600_000;
export const CAROUSEL_INTERVAL_MS = 5000;
export const CATALOGUE_SKELETON_CARDS = 8;
export const CURRENCY = 'USD';
export const ORDER_ID_DISPLAY_LENGTH = 8;
export const STATS_MIN_INTERVAL_MS = 10_000;
/** Shorter automation secrets (setting n8n_secret_token) can be guessed: refused when saved and when used. */
export const AUTOMATION_SECRET_MIN_LENGTH = 32;
export const STATS_PAUSE_BETWEEN_ROBOTS_MS = 100;
export const CHAT_PANEL_SIZE = { width: 420, height: 550 } as const;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const DEFAULT_CHAT_WELCOME = 'Hello! How can I help you?';
export const NEWSLETTER_DIALOG_CLOSE_MS = 2000;
export const SETTINGS_MESSAGE_CLEAR_MS = 3000;
/**
 * The shop's name until its owner gives it theirs (setting site_name, issue 19 §1): header,
 * footer, titles, emails. Here rather than in settings-keys.ts, which the build puts in the back
 * office's chunk: the storefront's header needs it from the first paint.
 */
export const DEFAULT_SITE_NAME = 'TradeBot Store';
export const SITE_NAME_MAX_LENGTH = 60;
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The stock picture of a robot without one: its cards, its page, the order summary, Our Products. */
export const ROBOT_FALLBACK_IMAGE = '/images/robot-fallback.svg';
