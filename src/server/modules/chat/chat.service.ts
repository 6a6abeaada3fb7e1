import type { FastifyBaseLogger } from 'fastify';
import { chatMessages } from '../../../shared/schemas/chat.js';
import { ForbiddenError, UpstreamError } from '../../errors.js';
import {
  WorkflowReplyError,
  workflowFailureDetail,
  type AutomationGateway,
} from '../../integrations/automation-gateway.js';
import type { SettingsService } from '../settings/settings.service.js';

/** The chat assistant: our server relays the visitor's message to the chat workflow. */
export class ChatService {
  constructor(
    private readonly settings: SettingsService,
    private readonly workflow: Pick<AutomationGateway, 'askChat'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The workflow's `response` text, or null when its answer has none (the widget says so). */
  async ask(message: string): Promise<{ response: string | null }> {
    const settings = await this.settings.getAll();
    if (settings.chatbot_enabled !== 'true') throw new ForbiddenError('The chat assistant is disabled.');
    const reply = await this.workflow.askChat(message).catch((error: unknown) => {
      if (error instanceof WorkflowReplyError) return { response: null };
      if (!(error instanceof UpstreamError)) throw error;
      // Visitors get SPEC §8's words; why the workflow failed (its address, its answer) is the
      // owner's, in the log.
      this.log.warn({ detail: workflowFailureDetail(error) }, 'the chat workflow failed');
      throw new UpstreamError(chatMessages.technicalDifficulties, error.status === 504);
    });
    if (!reply) throw new UpstreamError('The chat assistant is not configured.');
    return { response: reply.response };
  }
}
