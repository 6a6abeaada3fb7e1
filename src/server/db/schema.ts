import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderActor, OrderStatus } from '../../shared/order-states.js';
import type { BannerType, PageSlug, RiskLevel, RobotDelivery, RobotStatus } from '../../shared/schemas/catalogue.js';
import type { OrderEventKind } from '../../shared/schemas/orders.js';
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
  /** The name in each language (issue 19 §2); '' where one is not written. */
  name_en: ColumnType<string, string | undefined, string>;
  name_fr: ColumnType<string, string | undefined, string>;
  key: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

export interface RobotsTable {
  id: string;
  name: string;
  /** The robot's address, `/robots/<slug>`: unique, made from the name unless the administrator writes one. */
  slug: string;
  /** Sanitised rich text, one column per language (migration 0022); '' is not translated. */
  description_en: ColumnType<string, string | undefined, string>;
  description_fr: ColumnType<string, string | undefined, string>;
  price: ColumnType<number, number | undefined, number>;
  image_url: string | null;
  category: string | null;
  risk_level: ColumnType<RiskLevel, RiskLevel | undefined, RiskLevel>;
  trading_pair: string | null;
  exchange: string | null;
  /** JSON arrays of strings, one per language, kept as text so both engines store them the same way. */
  features_en: ColumnType<string, string | undefined, string>;
  features_fr: ColumnType<string, string | undefined, string>;
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
  licence_required: ColumnType<boolean, boolean | undefined, boolean>;
  licence_real_slots: ColumnType<number, number | undefined, number>;
  licence_demo_slots: ColumnType<number, number | undefined, number>;
  /** Null: licences for life. */
  licence_duration_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** How a paid order gets its robot (decision 0018): uploaded per order, or the current release at once. */
  delivery: ColumnType<RobotDelivery, RobotDelivery | undefined, RobotDelivery>;
  /** A Myfxbook or MQL5 Signals record of the robot (shared/verified-record.ts). */
  verified_record_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Copied from robot_track_records by the stats module, for the catalogue's cards and sorts. */
  track_growth: ColumnType<number | null, number | null | undefined, number | null>;
  track_max_drawdown: ColumnType<number | null, number | null | undefined, number | null>;
  track_started_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days of a free trial (issue 18 §3, decision 0020); null: no trial. */
  trial_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

/** A robot's earlier slugs, so that their addresses redirect to its page (migration 0020). */
export interface RobotSlugHistoryTable {
  slug: string;
  robot_id: string;
  replaced_at: CreatedAt;
}

/** A robot's release (decision 0018): the highest version is current. */
export interface RobotReleasesTable {
  id: string;
  robot_id: string;
  version: string;
  /** The version's numbers zero-padded (shared/schemas/releases.ts versionKey): sorts as the versions do. */
  version_key: string;
  /** Sanitised rich text. */
  notes: ColumnType<string, string | undefined, string>;
  file_path: string;
  file_name: string;
  file_size: number;
  released_at: ColumnType<string, string | undefined, never>;
  /** When every completed order of the robot held it; null while the distribution job has work. */
  distributed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The files an order holds (decision 0018): its first delivery and each later one, by `seq`. Each
 * version has its own downloads (SPEC §9's two); the highest seq is the order's current version.
 */
export interface OrderVersionsTable {
  id: string;
  order_id: string;
  seq: number;
  label: string;
  /** The release it came from; null for a file uploaded for this order. */
  release_id: string | null;
  notes: ColumnType<string, string | undefined, string>;
  file_path: string;
  file_name: string;
  download_count: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<string, string | undefined, never>;
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

/**
 * A robot's running track-record figures (migration 0018, decision 0019): the state each reading
 * arriving in order moves one step. Drawdowns are fractions (0.2 = 20 %).
 */
export interface RobotTrackRecordsTable {
  robot_id: string;
  started_at: string | null;
  last_data_at: string | null;
  last_received_at: string | null;
  readings: ColumnType<number, number | undefined, number>;
  last_reading_at: string | null;
  balance_last: number | null;
  balance_index: ColumnType<number, number | undefined, number>;
  balance_peak_index: ColumnType<number, number | undefined, number>;
  balance_max_drawdown: ColumnType<number, number | undefined, number>;
  balance_profit: ColumnType<number, number | undefined, number>;
  balance_peak_profit: ColumnType<number, number | undefined, number>;
  balance_max_drawdown_amount: ColumnType<number, number | undefined, number>;
  equity_last: number | null;
  equity_index: ColumnType<number, number | undefined, number>;
  equity_peak_index: ColumnType<number, number | undefined, number>;
  equity_max_drawdown: ColumnType<number, number | undefined, number>;
  equity_profit: ColumnType<number, number | undefined, number>;
  equity_peak_profit: ColumnType<number, number | undefined, number>;
  equity_max_drawdown_amount: ColumnType<number, number | undefined, number>;
  trades: ColumnType<number, number | undefined, number>;
  winning_trades: ColumnType<number, number | undefined, number>;
  losing_trades: ColumnType<number, number | undefined, number>;
  gross_profit: ColumnType<number, number | undefined, number>;
  gross_loss: ColumnType<number, number | undefined, number>;
  deposits: ColumnType<number, number | undefined, number>;
  withdrawals: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A balance and equity reading as the workflow reported it. */
export interface RobotTrackReadingsTable {
  id: Generated<number>;
  robot_id: string;
  recorded_at: string;
  balance: number;
  equity: number;
  received_at: Timestamp;
}

/** The last reading of each day (UTC) and the growth index reached then: the growth curve. */
export interface RobotTrackDaysTable {
  robot_id: string;
  day: string;
  recorded_at: string;
  balance: number;
  equity: number;
  growth_index: number;
}

/** The product of (1 + return) of the periods that ended in each month (UTC). */
export interface RobotTrackMonthsTable {
  robot_id: string;
  month: string;
  factor: number;
}

export interface RobotTrackCashFlowsTable {
  id: string;
  robot_id: string;
  flow_key: string;
  external_id: string | null;
  type: 'deposit' | 'withdrawal';
  amount: number;
  occurred_at: string;
  received_at: Timestamp;
}

export interface RobotTrackTradesTable {
  id: string;
  robot_id: string;
  ticket: string;
  symbol: string;
  side: 'buy' | 'sell';
  lots: number;
  opened_at: string;
  closed_at: string;
  profit: number;
  received_at: Timestamp;
}

/** What each push brought for a robot, for the owner's Track record tab. */
export interface RobotTrackPushesTable {
  id: string;
  robot_id: string;
  received_at: string;
  source: 'hook' | 'workflow';
  readings: ColumnType<number, number | undefined, number>;
  cash_flows: ColumnType<number, number | undefined, number>;
  trades: ColumnType<number, number | undefined, number>;
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
  /** A free trial (decision 0020): price 0, no payment, a demo-only licence until `trial_ends_at`. */
  trial: ColumnType<boolean, boolean | undefined, boolean>;
  trial_ends_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the "trial ending" email was written to the outbox: it is written once. */
  trial_reminder_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
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

/**
 * An order's timeline for the owner (migrations 0011 and 0013): every status change, who made it
 * and the note that goes with it, and what the client saw only as a plain message (a payment
 * request that failed, with its detail). The status columns are empty on a line that changed no
 * status.
 */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  occurred_at: CreatedAt;
  kind: OrderEventKind;
  /** The technical detail the client was spared (payment_request_failed). */
  detail: string | null;
  /** Who made a status change; the administrator's id and address are copied, as in the activity log. */
  actor: OrderActor | null;
  actor_id: string | null;
  actor_email: string | null;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  note: string | null;
  /** A payment report's amount and flags (JSON array) when it moved the order. */
  amount_paid: number | null;
  paid_currency: string | null;
  payment_flags: string | null;
}

/** One issued download link (decision 0008): one download, resumable within its hour. */
export interface OrderDownloadsTable {
  id: string;
  order_id: string;
  /** The version the link downloads (decision 0018); null only for rows from before versions. */
  version_id: string | null;
  downloaded_at: string;
  ip_address: string | null;
  user_agent: string | null;
  /** Set by the link's first fetch: a later fetch may only continue it (Range). */
  first_fetched_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set once the link's answers had sent as many bytes as the file has: it answers no more. */
  completed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bytes sent by the link's answers that ended. */
  bytes_sent: ColumnType<number, number | undefined, number>;
  /** Bytes reserved by the link's answers still going. */
  bytes_in_flight: ColumnType<number, number | undefined, number>;
}

/** Every fetch of a download link, served or refused. */
export interface OrderDownloadFetchesTable {
  id: string;
  order_id: string;
  download_id: string;
  fetched_at: string;
  ip_address: string | null;
  range_header: string | null;
  outcome: string;
}

export interface OrderDownloadGrantsTable {
  id: string;
  order_id: string;
  /** The version whose downloads were given back. */
  version_id: string | null;
  granted_by: string | null;
  granted_at: string;
  extra: number;
}

export interface BannersTable {
  id: string;
  /** One column per language (migration 0022); '' is not translated. */
  title_en: ColumnType<string, string | undefined, string>;
  title_fr: ColumnType<string, string | undefined, string>;
  type: BannerType;
  content_url: string;
  order_index: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_date: CreatedAt;
  updated_at: Timestamp;
}

/** Question and answer in each language (migration 0021); '' is a translation not written. */
export interface FaqsTable {
  id: string;
  question_en: string;
  question_fr: string;
  answer_en: string;
  answer_fr: string;
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

/**
 * An email waiting in the email outbox or sent from it (decision 0015): the rendered message,
 * written in the transaction of the change that caused it, and what the sender did with it.
 */
export interface EmailOutboxTable {
  id: string;
  message_id: string;
  kind: string;
  order_id: string | null;
  recipient: string;
  language: string | null;
  subject: string;
  body: string;
  created_at: CreatedAt;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_attempt_at: string | null;
  sent_at: string | null;
  /** When the sender gave up on it. */
  failed_at: string | null;
  last_error: string | null;
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
  /** Title and HTML body in each language (migration 0021); '' is a translation not written. */
  title_en: string;
  title_fr: string;
  content_en: string;
  content_fr: string;
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

/** A robot's EA secret (the HMAC key of its licence answers), sealed with a server-side key. */
export interface RobotLicenceSecretsTable {
  robot_id: string;
  secret_sealed: string;
  /** When this secret was made: a rotation replaces it. */
  created_at: Timestamp;
}

/** One licence per paid order of a licensed robot (issue 18). */
export interface LicencesTable {
  id: string;
  order_id: string;
  robot_id: string | null;
  user_id: string | null;
  /** HMAC of the canonical key with a key that is not in the database: the lookup. */
  key_hash: string;
  /** The key, sealed (AES-256-GCM) with another server-side key: shown to its owner. */
  key_sealed: string;
  /** The key's last group, for the owner's search; the other 100 bits stay secret. */
  key_suffix: string;
  real_slots: number;
  demo_slots: number;
  expires_at: string | null;
  status: ColumnType<'active' | 'revoked', 'active' | 'revoked' | undefined, 'active' | 'revoked'>;
  /** Why it was revoked: refunded, cancelled, or `owner` (the robot hears `refunded` for the first, else `revoked`). */
  revoked_reason: string | null;
  revoked_at: string | null;
  /** The owner's own words when they revoked it (migration 0017). */
  revoked_note: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A trading account a licence is bound to, holding one slot of its mode. */
export interface LicenceActivationsTable {
  id: string;
  licence_id: string;
  account_login: string;
  account_server: string;
  account_mode: 'real' | 'demo';
  /** 1..slots of its mode; unique among the licence's bound accounts of that mode. */
  slot: number;
  platform: string;
  ea_version: string | null;
  first_seen_at: string;
  last_seen_at: string;
  /** Set when the slot is given back; the row stays as history. */
  freed_at: string | null;
  /** Who gave it back (migration 0016): their account, and whether as the client or an administrator. */
  freed_by: string | null;
  /** A client's frees count toward FREE_SLOT_LIMIT; an administrator's do not. */
  freed_by_role: 'client' | 'administrator' | null;
}

/** Every activate and validate call: time, address, account and result (kept 90 days). */
export interface LicenceChecksTable {
  id: Generated<number>;
  licence_id: string | null;
  checked_at: string;
  endpoint: 'activate' | 'validate';
  ip_address: string | null;
  account_login: string | null;
  account_server: string | null;
  account_mode: string | null;
  platform: string | null;
  ea_version: string | null;
  /** ok, or the error code answered. */
  result: string;
}

/** The Ed25519 keys that sign licence answers; the highest generation signs, older ones stay listed. */
export interface LicenceSigningKeysTable {
  generation: number;
  kid: string;
  public_key: string;
  private_key_sealed: string;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  categories: CategoriesTable;
  robots: RobotsTable;
  robot_slug_history: RobotSlugHistoryTable;
  robot_stats: RobotStatsTable;
  robot_stats_history: RobotStatsHistoryTable;
  robot_track_records: RobotTrackRecordsTable;
  robot_track_readings: RobotTrackReadingsTable;
  robot_track_days: RobotTrackDaysTable;
  robot_track_months: RobotTrackMonthsTable;
  robot_track_cash_flows: RobotTrackCashFlowsTable;
  robot_track_trades: RobotTrackTradesTable;
  robot_track_pushes: RobotTrackPushesTable;
  orders: OrdersTable;
  order_payment_callbacks: OrderPaymentCallbacksTable;
  order_downloads: OrderDownloadsTable;
  order_download_fetches: OrderDownloadFetchesTable;
  order_download_grants: OrderDownloadGrantsTable;
  order_events: OrderEventsTable;
  order_versions: OrderVersionsTable;
  robot_releases: RobotReleasesTable;
  banners: BannersTable;
  faqs: FaqsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_templates: NewsletterTemplatesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  email_outbox: EmailOutboxTable;
  settings: SettingsTable;
  content_pages: ContentPagesTable;
  app_meta: AppMetaTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  robot_licence_secrets: RobotLicenceSecretsTable;
  licences: LicencesTable;
  licence_activations: LicenceActivationsTable;
  licence_checks: LicenceChecksTable;
  licence_signing_keys: LicenceSigningKeysTable;
}

/**
 * Columns stored as 0/1 by SQLite that must come back as booleans. Column names are unique in
 * meaning across the schema, so a name is enough to know the type.
 */
export const booleanColumns = new Set(['active', 'email_verified', 'licence_required', 'trial']);

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
