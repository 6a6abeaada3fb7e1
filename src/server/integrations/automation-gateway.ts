import type { z } from 'zod';
import { AUTOMATION_SECRET_MIN_LENGTH, CURRENCY } from '../../shared/constants.js';
import {
  chatReplySchema,
  newsletterReplySchema,
  paymentReplySchema,
  statsReplySchema,
  workflowErrorReplySchema,
  type ChatReply,
  type NewsletterReply,
  type PaymentReply,
  type StatsReply,
} from '../../shared/schemas/automation.js';
import type { WebhookTestResult } from '../../shared/schemas/settings.js';
import { UpstreamError } from '../errors.js';
import type { AutomationSecret } from './automation-auth.js';
import { postToWebhook } from './webhooks.js';

/**
 * The one gateway to the automation workflows (docs/automation-api.md), both ways: it calls the
 * payment, newsletter, chat and stats workflows by intent, and hands the inbound hooks' guard the
 * secret to check. It alone reads the workflows' addresses and the shared secret, signs, times
 * out, and parses each reply with its schema from src/shared/schemas/automation.ts. Services
 * never see an address or the secret.
 */

export type Workflow = 'payment' | 'newsletter' | 'chat' | 'stats';

/** The setting that holds each workflow's address (SPEC §3). */
const addressSetting = {
  payment: 'n8n_webhook_url',
  newsletter: 'n8n_newsletter_url',
  chat: 'chatbot_webhook_url',
  stats: 'n8n_callback_url',
} as const satisfies Record<Workflow, string>;
export type WorkflowAddressSetting = (typeof addressSetting)[Workflow];

/** What the gateway reads from the settings, at the time of each call: a saved change applies at once. */
export type WorkflowSettings = Record<WorkflowAddressSetting | 'n8n_secret_token', string>;

/** How long the client's "Pay" waits for the payment workflow's page. */
export const PAYMENT_WORKFLOW_TIMEOUT_MS = 15_000;
/** How long a visitor's chat message waits for the chat workflow's answer. */
export const CHAT_WORKFLOW_TIMEOUT_MS = 15_000;
/** How long the administrator's "Send" waits for the newsletter workflow (it may mail many). */
export const NEWSLETTER_WORKFLOW_TIMEOUT_MS = 30_000;
/** How long a stats refresh waits for the stats workflow before it applies the stored records. */
export const STATS_WORKFLOW_TIMEOUT_MS = 10_000;
/** How long the Settings page's Test button waits for a workflow's answer. */
export const WORKFLOW_PING_TIMEOUT_MS = 10_000;

/** The newsletter workflow only confirms a send: a larger answer is not one. */
const NEWSLETTER_REPLY_MAX_BYTES = 64 * 1024;

export interface AutomationGatewayOptions {
  /** The settings port: the saved settings, read at each call. */
  readSettings: () => Promise<WorkflowSettings>;
  /** Where the shop is reached: the payment workflow reports to its /api/hooks/payment. */
  publicUrl: string;
  /** AUTOMATION_PREVIOUS_SECRET: still accepted from workflows during a rotation, never sent. */
  previousSecret?: string | undefined;
  /** Shorter waits, for tests of slow workflows. */
  timeoutsMs?: Partial<Record<Workflow | 'ping', number>>;
}

/** The payment workflow's input about one order (docs/automation-api.md, "Payment"). */
export interface PaymentRequest {
  order_id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  robot_id: string | null;
  robot_name: string;
  telegram_username: string;
  strategy_instructions: string;
  amount: number;
}

export interface NewsletterRequest {
  title: string;
  /** HTML, with absolute addresses. */
  content: string;
  recipients: Array<{ email: string; created_date: string }>;
  /** The sending administrator's email. */
  sender: string;
}

/** A workflow answered with an HTTP error status; `detail` is what its reply said went wrong. */
export class WorkflowRefusedError extends UpstreamError {
  constructor(
    workflow: Workflow,
    readonly answerStatus: number,
    readonly detail: string | undefined,
    /** The reply as it came, for callers that show it when it says nothing readable. */
    readonly text: string,
  ) {
    super(`The ${workflow} workflow answered ${answerStatus}.`);
  }
}

/** A workflow answered with success, but not with the reply docs/automation-api.md describes. */
export class WorkflowReplyError extends UpstreamError {
  constructor(workflow: Workflow, issues: string) {
    super(`The ${workflow} workflow's reply is not the documented one: ${issues}`);
  }
}

/** How much of a workflow's answer a failure's detail keeps. */
const FAILURE_DETAIL_MAX_CHARS = 2_000;

/**
 * Why a workflow call failed, in full, for the owner (the log, an order's timeline): the
 * address that could not be reached, or the refusal with the answer as it came. Never for
 * clients, who get the calling service's own message.
 */
export function workflowFailureDetail(error: UpstreamError): string {
  const detail = error instanceof WorkflowRefusedError ? `${error.message} ${error.text}`.trim() : error.message;
  return detail.slice(0, FAILURE_DETAIL_MAX_CHARS);
}

/** The one normalisation of the secret: saving refuses short ones, and one stored earlier counts as none. */
function secretOf(settings: WorkflowSettings): string | null {
  const secret = settings.n8n_secret_token.trim();
  return secret.length < AUTOMATION_SECRET_MIN_LENGTH ? null : secret;
}

function addressOf(settings: WorkflowSettings, setting: WorkflowAddressSetting): string | null {
  return settings[setting].trim() || null;
}

export interface AutomationGateway {
  /** The secret the inbound hooks check (with the previous one during a rotation). */
  readonly inboundSecret: AutomationSecret;
  /** Whether the workflow's address is set, for services that choose a path before calling. */
  isConfigured(workflow: Workflow): Promise<boolean>;
  /** The payment page for an order; null when no payment workflow is set. */
  createPayment(order: PaymentRequest): Promise<PaymentReply | null>;
  /** Hands a newsletter to the newsletter workflow, which must confirm it; null when none is set. */
  sendNewsletter(newsletter: NewsletterRequest): Promise<NewsletterReply | null>;
  /** The chat workflow's answer to a visitor's message; null when no chat workflow is set. */
  askChat(message: string): Promise<ChatReply | null>;
  /** Fresh stats records for these robots; null when no stats workflow is set. */
  fetchStats(robots: string[], signal?: AbortSignal): Promise<StatsReply | null>;
  /**
   * A signed ping to the address typed (else the saved one) of a workflow setting: how it
   * answered and how long it took, whatever the status. Null when there is no address at all.
   */
  ping(setting: WorkflowAddressSetting, url?: string): Promise<WebhookTestResult | null>;
}

export function createAutomationGateway(options: AutomationGatewayOptions): AutomationGateway {
  const timeoutsMs = {
    payment: PAYMENT_WORKFLOW_TIMEOUT_MS,
    newsletter: NEWSLETTER_WORKFLOW_TIMEOUT_MS,
    chat: CHAT_WORKFLOW_TIMEOUT_MS,
    stats: STATS_WORKFLOW_TIMEOUT_MS,
    ping: WORKFLOW_PING_TIMEOUT_MS,
    ...options.timeoutsMs,
  };

  const inboundSecret: AutomationSecret = async () => secretOf(await options.readSettings());
  inboundSecret.previous = options.previousSecret;

  /**
   * Posts to the workflow and parses its reply: null when its address is not set; an error status
   * becomes WorkflowRefusedError, a reply that fails its schema WorkflowReplyError, and an
   * unreachable or slow workflow an UpstreamError (502/504) from postToWebhook.
   */
  async function call<Schema extends z.ZodType>(
    workflow: Workflow,
    payload: unknown,
    schema: Schema,
    transport: { signal?: AbortSignal | undefined; maxBytes?: number } = {},
  ): Promise<z.output<Schema> | null> {
    const settings = await options.readSettings();
    const url = addressOf(settings, addressSetting[workflow]);
    if (!url) return null;
    const reply = await postToWebhook(url, payload, {
      secret: secretOf(settings) ?? undefined,
      timeoutMs: timeoutsMs[workflow],
      ...transport,
    });
    if (!reply.ok)
      throw new WorkflowRefusedError(
        workflow,
        reply.status,
        workflowErrorReplySchema.safeParse(reply.json).data,
        reply.text,
      );
    const parsed = schema.safeParse(reply.json);
    if (!parsed.success)
      throw new WorkflowReplyError(
        workflow,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`).join('; '),
      );
    return parsed.data;
  }

  return {
    inboundSecret,

    async isConfigured(workflow) {
      return addressOf(await options.readSettings(), addressSetting[workflow]) !== null;
    },

    createPayment: (order) =>
      call(
        'payment',
        {
          ...order,
          currency: CURRENCY,
          action: 'create_payment',
          callback_url: `${options.publicUrl}/api/hooks/payment`,
        },
        paymentReplySchema,
      ),

    sendNewsletter: (newsletter) =>
      call(
        'newsletter',
        { action: 'send_newsletter', ...newsletter, sent_at: new Date().toISOString() },
        newsletterReplySchema,
        { maxBytes: NEWSLETTER_REPLY_MAX_BYTES },
      ),

    askChat: (message) => call('chat', { message, timestamp: new Date().toISOString() }, chatReplySchema),

    fetchStats: (robots, signal) => call('stats', { action: 'get_stats', robots }, statsReplySchema, { signal }),

    async ping(setting, url) {
      const settings = await options.readSettings();
      const target = url ?? addressOf(settings, setting);
      if (!target) return null;
      const started = performance.now();
      const reply = await postToWebhook(
        target,
        { action: 'ping', setting, sent_at: new Date().toISOString() },
        { secret: secretOf(settings) ?? undefined, timeoutMs: timeoutsMs.ping },
      );
      return { status: reply.status, ok: reply.ok, milliseconds: Math.round(performance.now() - started) };
    },
  };
}
