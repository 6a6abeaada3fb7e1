import { describe, expect, it } from 'vitest';
import { newsletterEmails } from './newsletter-emails.js';

/**
 * The newsletter's own emails (issue 19 §5): both languages at once, since the server does not
 * know which one each reader chose; the shop's name is the caller's, read when it sends.
 */
describe('newsletter emails, in both languages at once', () => {
  const newsletter = newsletterEmails('https://shop.example');

  it('asks to confirm a subscription in English and in French', () => {
    const message = newsletter.confirmation('reader@example.com', 'tok en', 'Robots Dupont');
    expect(message.subject).toBe('Confirm your newsletter subscription / Confirmez votre inscription à la newsletter');
    const link = 'https://shop.example/newsletter/confirm?token=tok%20en';
    expect(message.text).toContain(
      `Please confirm that you want to receive the Robots Dupont newsletter by opening this link:\n${link}`,
    );
    expect(message.text).toContain(
      `Confirmez que vous souhaitez recevoir la newsletter de Robots Dupont en ouvrant ce lien :\n${link}`,
    );
    expect(message.signature).toEqual(['en', 'fr']);
  });

  it('ends a campaign with why the reader receives it and how to leave, in both languages', () => {
    const message = newsletter.campaignMessage(
      { id: 'c1', title: 'November results', content: '<p>Hello</p>' },
      'reader@example.com',
      's1',
      'tok',
      'Robots Dupont',
    );
    expect(message.subject).toBe('November results');
    expect(message.text).toContain('You receive this email because you subscribed to the Robots Dupont newsletter.');
    expect(message.text).toContain('Vous recevez cet email car vous êtes inscrit à la newsletter de Robots Dupont.');
    expect(message.text).toContain('Unsubscribe / Se désabonner: https://shop.example/unsubscribe?token=tok');
    expect(message.html).toContain(
      '<a href="https://shop.example/unsubscribe?token=tok">Unsubscribe / Se désabonner</a>',
    );
  });
});
