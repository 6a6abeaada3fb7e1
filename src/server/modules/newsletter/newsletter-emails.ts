import { escapeHtml, htmlToText } from '../../text/escape-html.js';
import { newsletterMailStrings } from '../../text/server-strings.js';
import type { MailMessage } from '../../integrations/mailer.js';

const languages = ['en', 'fr'] as const;

/**
 * Links and images stored as paths of this site (editor uploads are `/files/public/…`) made
 * absolute, for newsletters read in a mail client or sent on by a workflow.
 */
export function withAbsoluteUrls(html: string, publicUrl: string): string {
  return html.replace(/(<(?:a|img)\b[^>]*?\s(?:href|src)=")\/(?!\/)/gi, `$1${publicUrl}/`);
}

/**
 * Newsletter emails. They carry both languages, English first: the server does not know which one
 * each reader chose. Texts are in the i18n catalogues under `newsletterMail`; `shop` is the shop's
 * name (setting site_name), read by the caller when it sends.
 */
export function newsletterEmails(publicUrl: string) {
  const strings = languages.map((language) => newsletterMailStrings(language));
  const fill = (text: string, shop: string) => text.replaceAll('{{shop}}', shop);
  const link = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

  return {
    unsubscribeUrl: (token: string) => link('/unsubscribe', token),

    confirmation(to: string, token: string, shop: string): MailMessage {
      const url = link('/newsletter/confirm', token);
      const [en, fr] = strings.map((catalogue) => catalogue.confirmEmail);
      return {
        to,
        subject: `${en!.subject} / ${fr!.subject}`,
        text: [fill(en!.body, shop), url, '', fill(fr!.body, shop), url, '', `${en!.ignore} / ${fr!.ignore}`].join(
          '\n',
        ),
        signature: languages,
      };
    },

    /**
     * One campaign message for one subscriber: their own unsubscribe link in the footer and in
     * List-Unsubscribe, with List-Unsubscribe-Post so mail clients can unsubscribe in one click
     * (RFC 8058). The Message-ID is fixed per campaign and subscriber, so a message sent again
     * after a crash is recognised as the same message by providers that deduplicate. Its footer,
     * which names the shop, is its signature: the owner signs the content as they like.
     */
    campaignMessage(
      campaign: { id: string; title: string; content: string },
      to: string,
      subscriberId: string,
      token: string,
      shop: string,
    ): MailMessage {
      const url = link('/unsubscribe', token);
      const reasons = strings.map((catalogue) => fill(catalogue.footer.reason, shop));
      const labels = strings.map((catalogue) => catalogue.footer.unsubscribe);
      const footerHtml = `<hr><p style="font-size:12px;color:#64748b">${reasons.map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(url)}">${labels.map(escapeHtml).join(' / ')}</a></p>`;
      return {
        to,
        subject: campaign.title,
        html: `${campaign.content}${footerHtml}`,
        text: `${htmlToText(campaign.content)}\n\n--\n${reasons.join('\n')}\n${labels.join(' / ')}: ${url}`,
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        messageId: `<${campaign.id}.${subscriberId}@${new URL(publicUrl).hostname}>`,
      };
    },
  };
}

export type NewsletterEmails = ReturnType<typeof newsletterEmails>;
