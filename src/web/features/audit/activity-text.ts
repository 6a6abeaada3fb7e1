import type { ParseKeys } from 'i18next';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_HIDDEN_VALUE,
  AUDIT_SYSTEM_ACTORS,
  ORDER_AUDIT_ACTIONS,
  ORDER_AUDIT_FIELDS,
  auditNameKey,
  type AuditEntityKey,
  type OrderAuditAction,
} from '../../../shared/audit-names.js';
import type { Language } from '../../../shared/constants.js';
import { listIn, textIn } from '../../../shared/localized-text.js';
import type { useTranslation } from '../../lib/use-translation';
import type { ReaderLanguages } from '../../lib/use-localized';
import { formatDateTime } from '../../lib/format-date';

/**
 * The activity log's entries in the reader's words (issue 19): who, what was done to which kind
 * of record, and each change by the label of its field in the back-office forms, with readable
 * values. A name the shop no longer writes (an older row) shows as it was stored.
 */

export type Translate = ReturnType<typeof useTranslation>['t'];
type Key = ParseKeys;

/** How many characters of a long value (a page's body, a description) the log shows. */
export const VALUE_CHARS_SHOWN = 80;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * Each kind's fields by the label their form gives them; a field a form does not show (a
 * release's version, a licence's added days) has its own in backOffice.activity.fields.
 */
const FIELD_LABELS: Partial<Record<AuditEntityKey, Record<string, Key>>> = {
  robot: {
    name: 'backOffice.robots.name',
    slug: 'backOffice.robots.slug',
    price: 'backOffice.robots.price',
    description: 'backOffice.robots.description',
    image_url: 'backOffice.robots.image',
    category: 'backOffice.robots.category',
    risk_level: 'backOffice.robots.risk',
    trading_pair: 'backOffice.robots.tradingPair',
    exchange: 'backOffice.robots.exchange',
    features: 'backOffice.robots.features',
    performance_estimate: 'backOffice.robots.figures.performance_estimate',
    target_profit: 'backOffice.robots.figures.target_profit',
    weekly_pnl: 'backOffice.robots.figures.weekly_pnl',
    monthly_pnl: 'backOffice.robots.figures.monthly_pnl',
    status: 'backOffice.status.header',
    licence_required: 'backOffice.robots.licence.required',
    licence_real_slots: 'backOffice.robots.licence.realSlots',
    licence_demo_slots: 'backOffice.robots.licence.demoSlots',
    licence_duration_days: 'backOffice.robots.licence.duration',
    delivery: 'backOffice.robots.delivery.label',
    verified_record_url: 'backOffice.robots.trackRecord.verifiedUrl',
    version: 'backOffice.activity.fields.version',
    file: 'backOffice.activity.orderFields.file',
    cash_flow: 'backOffice.activity.fields.cashFlow',
    trade: 'backOffice.activity.fields.trade',
  },
  category: {
    name: 'backOffice.categories.name',
    key: 'backOffice.categories.key',
    active: 'backOffice.status.activeLabel',
  },
  banner: {
    title: 'backOffice.banners.title',
    type: 'backOffice.banners.type',
    content_url: 'backOffice.activity.fields.contentUrl',
    active: 'backOffice.status.activeLabel',
  },
  faq: {
    question: 'backOffice.faqs.question',
    answer: 'backOffice.faqs.answer',
    active: 'backOffice.status.activeLabel',
  },
  page: { title: 'backOffice.pages.title', content: 'backOffice.pages.content' },
  settings: {
    contact_url: 'backOffice.settings.contactUrl',
    hero_title: 'backOffice.settings.heroTitle',
    hero_description: 'backOffice.settings.heroDescription',
    site_name: 'backOffice.settings.siteName',
    site_logo_url: 'backOffice.settings.logo',
    site_favicon_url: 'backOffice.settings.favicon',
    seo_title: 'backOffice.settings.seoTitle',
    seo_description: 'backOffice.settings.seoDescription',
    seo_keywords: 'backOffice.settings.seoKeywords',
    seo_image_url: 'backOffice.settings.seoImage',
    default_language: 'backOffice.settings.defaultLanguage',
    chatbot_enabled: 'backOffice.settings.chatbotEnabled',
    chatbot_webhook_url: 'backOffice.settings.chatbotWebhook',
    chatbot_welcome_message: 'backOffice.settings.chatbotWelcome',
    n8n_webhook_url: 'backOffice.settings.paymentWebhook',
    n8n_callback_url: 'backOffice.settings.statsWebhook',
    n8n_newsletter_url: 'backOffice.settings.newsletterWebhook',
    n8n_secret_token: 'backOffice.settings.secretNew',
    payment_tolerance_usd: 'backOffice.settings.paymentTolerance',
    unpaid_order_expiry_days: 'backOffice.settings.unpaidOrderExpiry',
    newsletter_double_opt_in: 'newsletterManagement.doubleOptIn.label',
  },
  user: { role: 'admin.userManagement.columns.role' },
  newsletter: {
    recipients: 'backOffice.activity.fields.recipients',
    channel: 'backOffice.activity.fields.channel',
  },
  newsletterSubscriber: {
    deleted: 'backOffice.activity.fields.subscribersDeleted',
    selection: 'backOffice.activity.fields.selection',
    search: 'backOffice.activity.fields.search',
  },
  licence: {
    status: 'adminLicences.detail.status',
    reason: 'adminLicences.detail.revokedNote',
    expires_at: 'adminLicences.detail.expiry',
    days: 'backOffice.activity.fields.days',
    real_slots_used: 'backOffice.activity.fields.realSlotsUsed',
    demo_slots_used: 'backOffice.activity.fields.demoSlotsUsed',
  },
};

/** Settings stored as the words 'true' and 'false' (settings-keys.ts): shown as yes and no. */
const YES_NO_SETTINGS = new Set(['chatbot_enabled', 'newsletter_double_opt_in']);

/** Values that are one of a few names, by the catalogue group that puts them in words. */
const NAMED_VALUES: Partial<Record<AuditEntityKey, Record<string, Record<string, Key>>>> = {
  order: {
    status: {
      pending_payment: 'adminOrders.status.pending_payment',
      paid: 'adminOrders.status.paid',
      in_progress: 'adminOrders.status.in_progress',
      completed: 'adminOrders.status.completed',
      failed: 'adminOrders.status.failed',
      needs_review: 'adminOrders.status.needs_review',
      refunded: 'adminOrders.status.refunded',
      cancelled: 'adminOrders.status.cancelled',
    },
  },
  licence: {
    status: {
      active: 'adminLicences.status.active',
      expired: 'adminLicences.status.expired',
      revoked: 'adminLicences.status.revoked',
    },
  },
  robot: {
    status: { active: 'backOffice.robots.statuses.active', inactive: 'backOffice.robots.statuses.inactive' },
    risk_level: { low: 'risk.low', medium: 'risk.medium', high: 'risk.high' },
    delivery: {
      per_order: 'backOffice.robots.delivery.per_order',
      automatic: 'backOffice.robots.delivery.automatic',
    },
  },
  user: { role: { admin: 'auth.roles.admin', client: 'auth.roles.client' } },
  newsletter: {
    channel: {
      email: 'newsletterManagement.campaigns.channel.email',
      workflow: 'newsletterManagement.campaigns.channel.workflow',
    },
  },
  newsletterSubscriber: {
    selection: { all: 'backOffice.activity.values.allMatching', selected: 'backOffice.activity.values.selected' },
  },
  banner: { type: { image: 'backOffice.banners.types.image', youtube: 'backOffice.banners.types.youtube' } },
  settings: {
    default_language: { en: 'language.names.en', fr: 'language.names.fr' },
  },
};

/** An administrator's address, or the shop's own actor (shared/audit-names.ts) in words. */
export function actorName(email: string, t: Translate): string {
  const system = auditNameKey(AUDIT_SYSTEM_ACTORS, email);
  return system ? t(`backOffice.activity.actors.${system}`) : email;
}

/** The kind of record, in the singular (a row of the log): its stored name when unknown. */
export function entityName(resource: string, t: Translate): string {
  const entity = auditNameKey(AUDIT_ENTITIES, resource);
  return entity ? t(`backOffice.activity.entities.${entity}`) : resource;
}

/** What was done: an order's step by its name, anything else as "what · to which kind". */
export function actionName(entry: Pick<AuditEntry, 'action' | 'resource'>, t: Translate): string {
  if (entry.resource === AUDIT_ENTITIES.order && isOneOf<OrderAuditAction>(ORDER_AUDIT_ACTIONS, entry.action))
    return t(`backOffice.activity.orderActions.${entry.action}`);
  const action = auditNameKey(AUDIT_ACTIONS, entry.action);
  return t('backOffice.activity.actionOn', {
    action: action ? t(`backOffice.activity.actions.${action}`) : entry.action,
    entity: entityName(entry.resource, t),
  });
}

/** A changed field by its form's label; a field no form names keeps its stored name. */
export function fieldName(resource: string, field: string, t: Translate): string {
  const entity = auditNameKey(AUDIT_ENTITIES, resource);
  const label = entity ? FIELD_LABELS[entity]?.[field] : undefined;
  if (label) return t(label);
  if (entity === 'order' && isOneOf(ORDER_AUDIT_FIELDS, field)) return t(`backOffice.activity.orderFields.${field}`);
  return field;
}

/** A long text cut to what a line of the log shows; HTML (a page's body) read as its text. */
export function shortened(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > VALUE_CHARS_SHOWN ? `${plain.slice(0, VALUE_CHARS_SHOWN).trimEnd()}…` : plain;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A text or list written in each language ({en, fr}, issue 19 §2), in the reader's, falling back
 * to the shop's default language as the rest of the app does (lib/use-localized.ts).
 */
function inLanguage(value: Record<string, unknown>, { language, shopFallback }: ReaderLanguages): string | undefined {
  const { en, fr } = value;
  if (typeof en === 'string' && typeof fr === 'string') return textIn({ en, fr }, language, shopFallback);
  if (Array.isArray(en) && Array.isArray(fr))
    return listIn({ en: en.map(String), fr: fr.map(String) }, language, shopFallback).join(', ');
  return undefined;
}

const named = (group: Record<string, Key>, value: unknown, t: Translate) => {
  const key = group[String(value)];
  return key ? t(key) : String(value);
};

/** A deleted cash flow or trade (track-record.routes.ts) by its facts, in a sentence. */
function trackRecordItem(field: string, value: Record<string, unknown>, t: Translate, language: Language) {
  const when = (iso: unknown) => formatDateTime(String(iso), language) ?? String(iso);
  if (field === 'cash_flow' && 'type' in value && 'amount' in value && 'occurred_at' in value) {
    const types: Record<string, Key> = {
      deposit: 'backOffice.robots.trackRecord.typesInSentence.deposit',
      withdrawal: 'backOffice.robots.trackRecord.typesInSentence.withdrawal',
    };
    return t('backOffice.activity.values.cashFlow', {
      type: named(types, value.type, t),
      amount: value.amount,
      date: when(value.occurred_at),
    });
  }
  if (field === 'trade' && 'ticket' in value && 'side' in value && 'closed_at' in value) {
    const sides: Record<string, Key> = {
      buy: 'backOffice.robots.trackRecord.sides.buy',
      sell: 'backOffice.robots.trackRecord.sides.sell',
    };
    return t('backOffice.activity.values.trade', {
      ticket: value.ticket,
      side: named(sides, value.side, t),
      lots: value.lots,
      symbol: value.symbol,
      profit: value.profit,
      date: when(value.closed_at),
    });
  }
  return undefined;
}

/** One value of a change, readable: yes/no, names translated, texts per language, long ones cut. */
export function valueText(
  resource: string,
  field: string,
  value: unknown,
  t: Translate,
  reader: ReaderLanguages,
): string {
  const { language } = reader;
  if (value === null || value === undefined || value === '') return t('common.noValue');
  if (value === AUDIT_HIDDEN_VALUE) return t('backOffice.activity.values.hidden');
  const yesNo = (yes: boolean) => t(yes ? 'backOffice.activity.values.yes' : 'backOffice.activity.values.no');
  if (typeof value === 'boolean') return yesNo(value);
  if (YES_NO_SETTINGS.has(field) && (value === 'true' || value === 'false')) return yesNo(value === 'true');
  if (isRecord(value)) {
    const item = trackRecordItem(field, value, t, language);
    if (item !== undefined) return item;
    const text = inLanguage(value, reader);
    return text === undefined ? shortened(JSON.stringify(value)) : shortened(text) || t('common.noValue');
  }
  if (Array.isArray(value)) return shortened(value.map(String).join(', '));
  const entity = auditNameKey(AUDIT_ENTITIES, resource);
  const named = entity ? NAMED_VALUES[entity]?.[field]?.[String(value)] : undefined;
  if (named) return t(named);
  if (field === 'expires_at' && typeof value === 'string') return formatDateTime(value, language) ?? value;
  return shortened(String(value));
}

/** Every change of an entry, "Field: before → after", or "Field: value" when it had none before. */
export function describeChanges(
  entry: Pick<AuditEntry, 'resource' | 'changes'>,
  t: Translate,
  reader: ReaderLanguages,
) {
  return Object.entries(entry.changes)
    .map(([field, { from, to }]) => {
      const name = fieldName(entry.resource, field, t);
      // A deleted order's status: the order is gone, not set to nothing.
      const orderGone = entry.resource === AUDIT_ENTITIES.order && field === 'status' && to === null;
      const after = orderGone ? t('backOffice.activity.deleted') : valueText(entry.resource, field, to, t, reader);
      // Something added (a note, a created record's fields) has no "before" worth reading.
      if (from === null || from === undefined || from === '')
        return t('backOffice.activity.added', { field: name, value: after });
      return t('backOffice.activity.change', {
        field: name,
        from: valueText(entry.resource, field, from, t, reader),
        to: after,
      });
    })
    .join('; ');
}

/**
 * The record a row is about. The settings' line names the keys it changed (the server's summary):
 * shown by their labels.
 */
export function recordName(entry: Pick<AuditEntry, 'resource' | 'summary' | 'record_id' | 'changes'>, t: Translate) {
  if (entry.resource === AUDIT_ENTITIES.settings && Object.keys(entry.changes).length > 0)
    return Object.keys(entry.changes)
      .map((field) => fieldName(entry.resource, field, t))
      .join(', ');
  return entry.summary || entry.record_id || t('common.noValue');
}
