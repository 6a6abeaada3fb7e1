import type { Readable } from 'node:stream';
import type {
  CampaignSummary,
  SendNewsletterResult,
  SubscriberPage,
  SubscriberSelection,
  TemplateInput,
} from '../../../shared/schemas/newsletter.js';
import { isBlankHtml, SUBSCRIBERS_PAGE_SIZE } from '../../../shared/schemas/newsletter.js';
import { AppError, BadRequestError, NotFoundError, UpstreamError } from '../../errors.js';
import {
  WorkflowRefusedError,
  WorkflowReplyError,
  type AutomationGateway,
} from '../../integrations/automation-gateway.js';
import type { CampaignSender } from './campaign-sender.js';
import type { CampaignsRepository } from './campaigns.repository.js';
import type { NewsletterRepository, SubscriberFilter } from './newsletter.repository.js';
import { withAbsoluteUrls } from './newsletter-emails.js';
import { subscribersCsv } from './subscribers-csv.js';
import type { TemplatesRepository } from './templates.repository.js';

/** SPEC §8 newsletter management messages, verbatim; the web app shows them in the reader's language by code. */
const SEND_ERROR_PREFIX = "Erreur lors de l'envoi: ";
const NOT_CONFIGURED = "Webhook newsletter non configuré. Veuillez configurer l'URL dans les paramètres.";
/** Neither way is set: SPEC's sentence, and the other way out, SMTP_URL (issue 19 §5). */
const NO_WAY_TO_SEND = `${NOT_CONFIGURED} Ou définissez SMTP_URL sur le serveur pour l'envoyer par e-mail.`;
const NOT_CONFIRMED = "La réponse du webhook n'a pas confirmé le succès.";

export interface NewsletterAdminOptions {
  subscribers: NewsletterRepository;
  templates: TemplatesRepository;
  campaigns: CampaignsRepository;
  /** The newsletter workflow, through the automation gateway. */
  workflow: Pick<AutomationGateway, 'isConfigured' | 'sendNewsletter'>;
  sender: CampaignSender;
  /** True when SMTP_URL is set: newsletters can go out directly when no workflow is configured. */
  canEmail: boolean;
  /** The one server-side HTML sanitiser, applied to newsletter content before it is stored or sent. */
  sanitize: (html: string) => string;
  /** Where the shop is reached: site paths in a newsletter become absolute addresses. */
  publicUrl: string;
}

export interface SendRequest {
  title: string;
  content: string;
  recipients: string[] | 'all';
  q: string;
  template_id?: string | undefined;
}

function filterOf(selection: { ids: string[] | 'all'; q: string }): SubscriberFilter {
  return { q: selection.q, ids: selection.ids === 'all' ? undefined : selection.ids };
}

/** The administrator's side: subscribers, export, templates, sending and campaign progress. */
export class NewsletterAdminService {
  constructor(private readonly options: NewsletterAdminOptions) {}

  async listSubscribers(q: string, page: number): Promise<SubscriberPage> {
    const { rows, total } = await this.options.subscribers.page({ q }, page, SUBSCRIBERS_PAGE_SIZE);
    return {
      items: rows.map(({ confirmed_date, ...row }) => ({ ...row, confirmed: confirmed_date !== null })),
      total,
      page,
      pageSize: SUBSCRIBERS_PAGE_SIZE,
    };
  }

  async deleteSubscribers(selection: SubscriberSelection): Promise<{ deleted: number }> {
    return { deleted: await this.options.subscribers.delete(filterOf(selection)) };
  }

  exportSubscribers(q: string, ids: string[] | undefined): Readable {
    return subscribersCsv(this.options.subscribers.exportBatches({ q, ids }));
  }

  listTemplates() {
    return this.options.templates.list();
  }

  createTemplate(input: TemplateInput) {
    return this.options.templates.insert({ title: input.title, content: this.clean(input.content) });
  }

  /** Sanitised content; content that was only markup the editor does not allow is blank. */
  private clean(html: string): string {
    const content = this.options.sanitize(html);
    if (isBlankHtml(content))
      throw new BadRequestError('Titre et contenu requis.', { 'body.content': 'Titre et contenu requis.' });
    return content;
  }

  async deleteTemplate(id: string): Promise<{ id: string; title: string }> {
    const template = await this.options.templates.find(id);
    if (!template || !(await this.options.templates.delete(id))) throw new NotFoundError('Template not found.');
    return template;
  }

  listCampaigns(): Promise<CampaignSummary[]> {
    return this.options.campaigns.history();
  }

  /**
   * SPEC §7: through the newsletter workflow when its URL is set; otherwise, when SMTP is
   * configured, as an email campaign sent in the background. Without a chosen template the
   * newsletter is saved as a new one first, so a failed send loses nothing.
   */
  async send(input: SendRequest, sender: string): Promise<SendNewsletterResult> {
    const { workflow, campaigns, sender: backgroundSender } = this.options;
    const throughWorkflow = await workflow.isConfigured('newsletter');
    if (!throughWorkflow && !this.options.canEmail)
      throw new AppError(409, 'newsletter_not_configured', NO_WAY_TO_SEND);
    const content = this.clean(input.content);
    // The template keeps site paths (the editor shows them); what goes out carries full addresses.
    const newsletter = { title: input.title, content: withAbsoluteUrls(content, this.options.publicUrl), sender };
    const filter = filterOf({ ids: input.recipients, q: input.q });

    if (!throughWorkflow) {
      const created = await campaigns.createEmailCampaign(newsletter, filter);
      if (created.recipients === 0) {
        await campaigns.deleteCampaign(created.id);
        throw noRecipient();
      }
      const template = await this.templateFor(input, content);
      backgroundSender.wake();
      return { campaign: await this.summary(created.id), template };
    }

    const recipients = await this.options.subscribers.recipients(filter);
    if (recipients.length === 0) throw noRecipient();
    const template = await this.templateFor(input, content);
    const failure = await workflow
      .sendNewsletter({
        ...newsletter,
        recipients: recipients.map(({ email, created_date }) => ({ email, created_date })),
      })
      .then((reply) => (reply ? null : new AppError(409, 'newsletter_not_configured', NOT_CONFIGURED)), failureOf);
    const id = await campaigns.recordWorkflowCampaign(newsletter, recipients.length, failure ? failure.message : null);
    if (failure) throw failure;
    return { campaign: await this.summary(id), template };
  }

  private async templateFor(input: SendRequest, content: string) {
    const { templates } = this.options;
    if (input.template_id && (await templates.find(input.template_id))) return null;
    return templates.insert({ title: input.title, content });
  }

  private async summary(id: string): Promise<CampaignSummary> {
    const [campaign] = await this.options.campaigns.history([id]);
    return campaign!;
  }
}

function noRecipient() {
  return new BadRequestError('Choose at least one recipient.', { 'body.recipients': 'Choose at least one recipient.' });
}

/** A failed send through the workflow as SPEC §8 words it; an error that is not the workflow's is thrown on. */
function failureOf(error: unknown): AppError {
  if (error instanceof WorkflowRefusedError) {
    const detail = (error.detail ?? error.text).trim().slice(0, 200) || `HTTP ${error.answerStatus}`;
    return new AppError(
      502,
      'newsletter_workflow_error',
      `${SEND_ERROR_PREFIX}Erreur ${error.answerStatus}: ${detail}`,
      { status: String(error.answerStatus), message: detail },
    );
  }
  if (error instanceof WorkflowReplyError)
    return new AppError(502, 'newsletter_not_confirmed', SEND_ERROR_PREFIX + NOT_CONFIRMED);
  if (error instanceof UpstreamError) return new AppError(error.status, error.code, SEND_ERROR_PREFIX + error.message);
  throw error;
}
