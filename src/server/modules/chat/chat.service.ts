import { ForbiddenError, UpstreamError } from '../../errors.js';
import { postToWebhook } from '../../integrations/webhooks.js';
import type { SettingsService } from '../settings/settings.service.js';

export const CHAT_TIMEOUT_MS = 15_000;

/** The chat assistant: our server relays the visitor's message to the chat workflow. */
export class ChatService {
  constructor(
    private readonly settings: SettingsService,
    private readonly timeoutMs = CHAT_TIMEOUT_MS,
  ) {}

  /** The workflow's `response` text, or null when its answer has none (the widget says so). */
  async ask(message: string): Promise<{ response: string | null }> {
    const settings = await this.settings.getAll();
    if (settings.chatbot_enabled !== 'true') throw new ForbiddenError('The chat assistant is disabled.');
    const url = settings.chatbot_webhook_url;
    if (!url) throw new UpstreamError('The chat assistant is not configured.');
    const reply = await postToWebhook(url, { message, timestamp: new Date().toISOString() }, { timeoutMs: this.timeoutMs, secret: settings.n8n_secret_token || undefined });
    if (!reply.ok) throw new UpstreamError(`The chat workflow answered ${reply.status}.`);
    const response = (reply.json as { response?: unknown } | undefined)?.response;
    return { response: typeof response === 'string' && response.trim() !== '' ? response : null };
  }
}
