import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderActor, OrderStatus } from '../../shared/order-states.js';
import type { BannerType, PageSlug, RiskLevel, RobotStatus } from '../../shared/schemas/catalogue.js';
import type { UserRole } from '../../shared/schemas/users.js';
import type { campaignChannels, campaignStatuses, deliveryStatuses } from '../../shared/schemas/newsletter.js';

/**
 * The database as every module sees it, whatever the dialect: booleans are booleans, timestamps
 * are ISO-8601 strings, money and statistics are numbers. The dialect adapters in this folder
 * make both engines return exactly these shapes.
 */
type Timestamp = ColumnType<string, string | undefined, string>;
type CreatedAt = ColumnType<string, string | undefined, never>;

export interface UsersTable {
  id: string;
  email: string;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  full_name: string | null;
  image: string | null;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  password: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
  key: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface RobotsTable {
  id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  price: ColumnType<number, number | undefined, number>;
  image_url: string | null;
  category: string | null;
  risk_level: ColumnType<RiskLevel, RiskLevel | undefined, RiskLevel>;
  trading_pair: string | null;
  exchange: string | null;
  /** JSON array of strings, kept as text so both engines store it the same way. */
  features: ColumnType<string, string | undefined, string>;
  performance_estimate: ColumnType<number, number | undefined, number>;
  target_profit: ColumnType<number, number | undefined, number>;
  weekly_pnl: ColumnType<number, number | undefined, number>;
  monthly_pnl: ColumnType<number, number | undefined, number>;
  status: ColumnType<RobotStatus, RobotStatus | undefined, RobotStatus>;
  winrate: number | null;
  balance: number | null;
  profit: number | null;
  profit_factor: number | null;
  weekly: number | null;
  monthly: number | null;
  floating: number | null;
  daily: number | null;
  last_stats_update: string | null;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface RobotStatsTable {
  id: string;
  robot_name: string;
  winrate: number | null;
  balance: number | null;
  weekly: number | null;
  profit_factor: number | null;
  monthly: number | null;
  /** The workflow's "profit" is the robot's floating P&L (SPEC §3). */
  profit: number | null;
  daily: number | null;
  updated_at: Timestamp;
}

export interface RobotStatsHistoryTable {
  id: Generated<number>;
  robot_id: string;
  recorded_at: string;
  winrate: number | null;
  balance: number | null;
  profit: number | null;
  profit_factor: number | null;
  weekly: number | null;
  monthly: number | null;
  floating: number | null;
  daily: number | null;
}

export interface OrdersTable {
  id: string;
  user_id: string | null;
  robot_id: string | null;
  robot_name: string;
  telegram_username: string;
  strategy_instructions: string;
  price: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  estimated_delivery: string;
  payment_id: string | null;
  pay_url: string | null;
  file_path: string | null;
  file_name: string | null;
  download_count: ColumnType<number, number | undefined, number>;
  idempotency_key: string | null;
  /** When the client accepted the Terms and the Risk disclosure (DESIGN deviation 8). */
  terms_accepted_at: string | null;
  /** The language the client ordered in: their emails are written in it. */
  language: string | null;
  created_date: CreatedAt;
  updated_at: Timestamp;
  /** The amount the payment was asked for (the price; decision 0014). */
  expected_amount: number | null;
  /** What the payment workflow reported, in `paid_currency`. */
  amount_paid: number | null;
  paid_currency: string | null;
  /** JSON array of payment flags for the owner (shared/schemas/orders.ts paymentFlags). */
  payment_flags: ColumnType<string, string | undefined, string>;
  /** Payments started again after a failure. */
  payment_retries: ColumnType<number, number | undefined, number>;
  /** JSON array of the payment ids of earlier attempts: their late reports never fail the order. */
  earlier_payment_ids: ColumnType<string, string | undefined, string>;
}

/** An order's timeline: each status change, who made it and the note that goes with it. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  created_at: CreatedAt;
  actor: OrderActor;
  actor_id: string | null;
  actor_email: string | null;
  event: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  /** A payment report's amount and flags (JSON array) when it moved the order. */
  amount_paid: number | null;
  paid_currency: string | null;
  payment_flags: string | null;
}

/** Every payment callback as received, for the administrator ("I paid"). */
export interface OrderPaymentCallbacksTable {
  id: string;
  order_id: string;
  received_at: string;
  payload: string;
  /** How the caller proved the secret: secret, signature, timestamped-signature, or refused. */
  signature: string;
  status_word: string | null;
  outcome: string;
  detail: string | null;
}

export interface OrderDownloadsTable {
  id: string;
  order_id: string;
  downloaded_at: string;
  ip_address: string | null;
  user_agent: string | null;
}

export interface OrderDownloadGrantsTable {
  id: string;
  order_id: string;
  granted_by: string | null;
  granted_at: string;
  extra: number;
}

export interface BannersTable {
  id: string;
  title: string;
  type: BannerType;
  content_url: string;
  order_index: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface FaqsTable {
  id: string;
  question: string;
  answer: string;
  order_index: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  unsubscribe_token: string;
  created_date: CreatedAt;
  /** Null while a double opt-in subscriber has not confirmed; only confirmed addresses get newsletters. */
  confirmed_date: string | null;
}

export interface NewsletterTemplatesTable {
  id: string;
  title: string;
  content: string;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface NewsletterCampaignsTable {
  id: string;
  title: string;
  content: string;
  channel: (typeof campaignChannels)[number];
  status: (typeof campaignStatuses)[number];
  recipient_count: number;
  /** The administrator's email address (SPEC §7 `sender`). */
  sender: string;
  error: string | null;
  created_date: CreatedAt;
  finished_date: string | null;
}

/** One recipient of an email campaign: what the background sender did for them. */
export interface NewsletterDeliveriesTable {
  campaign_id: string;
  subscriber_id: string;
  email: string;
  status: ColumnType<
    (typeof deliveryStatuses)[number],
    (typeof deliveryStatuses)[number] | undefined,
    (typeof deliveryStatuses)[number]
  >;
  attempts: ColumnType<number, number | undefined, number>;
  error: string | null;
  sent_date: string | null;
}

export interface SettingsTable {
  id: string;
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ContentPagesTable {
  id: string;
  slug: PageSlug;
  title: string;
  content: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  resource: string;
  record_id: string | null;
  summary: string;
  /** JSON object: field -> { from, to }. */
  changes: string;
  created_at: CreatedAt;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Shared rate-limit counters (PostgreSQL only; see http/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Milliseconds since the epoch; pg returns bigint as a string. */
  window_ends_at: string | number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  categories: CategoriesTable;
  robots: RobotsTable;
  robot_stats: RobotStatsTable;
  robot_stats_history: RobotStatsHistoryTable;
  orders: OrdersTable;
  order_payment_callbacks: OrderPaymentCallbacksTable;
  order_downloads: OrderDownloadsTable;
  order_download_grants: OrderDownloadGrantsTable;
  order_events: OrderEventsTable;
  banners: BannersTable;
  faqs: FaqsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_templates: NewsletterTemplatesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  settings: SettingsTable;
  content_pages: ContentPagesTable;
  app_meta: AppMetaTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
}

/**
 * Columns stored as 0/1 by SQLite that must come back as booleans. Column names are unique in
 * meaning across the schema, so a name is enough to know the type.
 */
export const booleanColumns = new Set(['active', 'email_verified']);

// Enum types and entity shapes are the shared schemas' (src/shared/schemas/); tables only add
// how each column is written.
export type { PageSlug };
export type Robot = Selectable<RobotsTable>;
export type NewRobot = Insertable<RobotsTable>;
export type RobotUpdate = Updateable<RobotsTable>;
export type Category = Selectable<CategoriesTable>;
export type Banner = Selectable<BannersTable>;
export type Faq = Selectable<FaqsTable>;
export type ContentPage = Selectable<ContentPagesTable>;
export type Setting = Selectable<SettingsTable>;
