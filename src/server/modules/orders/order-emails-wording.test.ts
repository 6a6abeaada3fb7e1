import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRobot, setSetting } from '../../../../tests/support/factories.js';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import type { Language } from '../../../shared/constants.js';
import type { OutboxMessage } from '../email-outbox/email-outbox.service.js';
import { createSettingsService } from '../settings/settings.service.js';
import { OrderEmails, type AdministratorEmail, type ClientEmail } from './order-emails.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { TrialEmails, type TrialEmail } from './trial-emails.js';

/**
 * Every order email rendered in both languages (issue 19 §5): its subject, the sentence that says
 * what happened, and the call to action with its link. The repository's contact reads and the outbox
 * are stand-ins (the writing in the order's transaction is the subject of order-emails.test.ts); the
 * shop's language and the robot's address come from a real database, as they do in the shop.
 */
const PUBLIC_URL = 'https://shop.example';
const ORDER_ID = '3f2a9c1e-0000-4000-8000-000000000001';

function order(language: Language, changes: Partial<OrderRow> = {}): OrderRow {
  return {
    id: ORDER_ID,
    user_id: 'client-1',
    robot_id: 'robot-1',
    robot_name: 'Golden Scalper',
    telegram_username: '@claire',
    price: 149,
    language,
    trial: false,
    trial_ends_at: null,
    ...changes,
  } as OrderRow;
}

let shop: TestApp;
let robotId: string;
beforeAll(async () => {
  shop = await createTestApp('sqlite');
  robotId = (await newRobot(shop.app, { name: 'Golden Scalper' })).id;
});
afterAll(() => shop.close());

async function setting(fullName: string | null, ownerLanguage = '') {
  await setSetting(shop.app, 'default_language', ownerLanguage);
  const written: OutboxMessage[] = [];
  const outbox = {
    add: async (_db: unknown, messages: OutboxMessage[]) => void written.push(...messages),
    wake: () => undefined,
    forOrder: async () => [],
  };
  const orders = {
    db: shop.app.database.db,
    userContact: async () => ({ email: 'claire@example.com', full_name: fullName }),
    paidOrderRecipients: async () => ({
      client: { email: 'claire@example.com', full_name: fullName },
      administrators: ['owner@example.com'],
    }),
  } as unknown as OrdersRepository;
  const only = () => {
    expect(written).toHaveLength(1);
    return written[0]!;
  };
  /** Of a paid order's emails (the client's first), the one to the owner. */
  const toOwner = () => {
    expect(written.map((email) => email.to)).toEqual(['claire@example.com', 'owner@example.com']);
    return written[1]!;
  };
  return {
    orders,
    emails: new OrderEmails({
      outbox,
      publicUrl: PUBLIC_URL,
      settings: createSettingsService(shop.app.database.db, shop.app.database.dialect),
    }),
    trials: new TrialEmails({ outbox, publicUrl: PUBLIC_URL }),
    only,
    toOwner,
  };
}

const MY_ORDERS = `${PUBLIC_URL}/Dashboard`;
const ORDER_DETAIL = `${PUBLIC_URL}/OrderDetail?orderId=${ORDER_ID}`;
const ORDER_PAGE = `${PUBLIC_URL}/OrderForm?robotId=robot-1&orderId=${ORDER_ID}`;

type Expected = { subject: string; says: string; action: string; link: string };

const clientEmails: Record<ClientEmail, Record<Language, Expected>> = {
  received: {
    en: {
      subject: 'Order #3f2a9c1e received: Golden Scalper',
      says: 'We have received your order #3f2a9c1e for Golden Scalper ($149.00). Complete the payment on the order page',
      action: 'Open your order to complete or follow the payment:',
      link: ORDER_PAGE,
    },
    fr: {
      subject: 'Commande #3f2a9c1e reçue : Golden Scalper',
      says: 'Nous avons bien reçu votre commande #3f2a9c1e pour Golden Scalper (149,00 $). Terminez le paiement',
      action: 'Ouvrez votre commande pour terminer ou suivre le paiement :',
      link: ORDER_PAGE,
    },
  },
  underReview: {
    en: {
      subject: 'Payment for order #3f2a9c1e under review',
      says: 'We have received a payment for your order #3f2a9c1e for Golden Scalper ($149.00), but it needs a check',
      action: 'Follow this order on its page:',
      link: ORDER_DETAIL,
    },
    fr: {
      subject: 'Paiement de la commande #3f2a9c1e en cours de vérification',
      says: 'Nous avons bien reçu un paiement pour votre commande #3f2a9c1e pour Golden Scalper (149,00 $), mais il doit être vérifié',
      action: 'Suivez cette commande sur sa page :',
      link: ORDER_DETAIL,
    },
  },
  paid: {
    en: {
      subject: 'Payment confirmed for order #3f2a9c1e',
      says: 'Your payment for Golden Scalper (order #3f2a9c1e) is confirmed.',
      action: 'Follow this order on its page:',
      link: ORDER_DETAIL,
    },
    fr: {
      subject: 'Paiement confirmé pour la commande #3f2a9c1e',
      says: 'Votre paiement pour Golden Scalper (commande #3f2a9c1e) est confirmé.',
      action: 'Suivez cette commande sur sa page :',
      link: ORDER_DETAIL,
    },
  },
  delivered: {
    en: {
      subject: 'Your robot Golden Scalper is ready to download',
      says: 'Your robot Golden Scalper (order #3f2a9c1e) has been delivered.',
      action: "Download your robot from the order's page:",
      link: ORDER_DETAIL,
    },
    fr: {
      subject: 'Votre robot Golden Scalper est prêt à être téléchargé',
      says: 'Votre robot Golden Scalper (commande #3f2a9c1e) a été livré.',
      action: 'Téléchargez votre robot sur la page de la commande :',
      link: ORDER_DETAIL,
    },
  },
  refunded: {
    en: {
      subject: 'Order #3f2a9c1e refunded: Golden Scalper',
      says: 'Your order #3f2a9c1e for Golden Scalper ($149.00) has been refunded.',
      action: 'Follow this order on its page:',
      link: ORDER_DETAIL,
    },
    fr: {
      subject: 'Commande #3f2a9c1e remboursée : Golden Scalper',
      says: 'Votre commande #3f2a9c1e pour Golden Scalper (149,00 $) a été remboursée.',
      action: 'Suivez cette commande sur sa page :',
      link: ORDER_DETAIL,
    },
  },
  cancelled: {
    en: {
      subject: 'Order #3f2a9c1e cancelled: Golden Scalper',
      says: 'was cancelled because its payment did not arrive in time.',
      action: 'Follow this order on its page:',
      link: ORDER_DETAIL,
    },
    fr: {
      subject: 'Commande #3f2a9c1e annulée : Golden Scalper',
      says: "a été annulée car son paiement n'est pas arrivé à temps.",
      action: 'Suivez cette commande sur sa page :',
      link: ORDER_DETAIL,
    },
  },
};

/** The call to action is a line of its own, followed by its link on the next line. */
function expectAction(text: string, action: string, link: string) {
  expect(text).toContain(`\n${action}\n${link}`);
}

/** Every client email ends with the link to all their orders. */
function expectAllOrders(text: string, language: Language) {
  const line = language === 'en' ? 'All your orders, on My Orders:' : 'Toutes vos commandes, dans Mes Commandes :';
  expect(text.endsWith(`\n${line}\n${MY_ORDERS}`)).toBe(true);
}

/** No English sentence left in a French email: none of the English texts' common words. */
function expectNoEnglish(text: string) {
  expect(text).not.toMatch(/\b(Hello|Your|your|the|order|Follow|Download|has been|is ready)\b/);
}

describe('order emails, in both languages', () => {
  for (const [kind, byLanguage] of Object.entries(clientEmails) as [ClientEmail, Record<Language, Expected>][]) {
    for (const language of ['en', 'fr'] as const) {
      it(`${kind} in ${language}: subject, what happened, and where to go`, async () => {
        const { orders, emails, only } = await setting('Claire Dupont');
        await emails.toClient(kind, order(language), orders);
        const email = only();
        const expected = byLanguage[language];
        expect(email).toMatchObject({ kind: expect.stringMatching(/^order-/), language, to: 'claire@example.com' });
        expect(email.subject).toBe(expected.subject);
        expect(email.text).toMatch(language === 'en' ? /^Hello Claire Dupont,\n/ : /^Bonjour Claire Dupont,\n/);
        expect(email.text).toContain(expected.says);
        expectAction(email.text, expected.action, expected.link);
        expectAllOrders(email.text, language);
        if (language === 'fr') expectNoEnglish(email.text);
      });
    }
  }

  it('greets a client without a name without an empty name', async () => {
    const { orders, emails, only } = await setting(null);
    await emails.toClient('paid', order('fr'), orders);
    expect(only().text).toMatch(/^Bonjour,\n/);
  });

  it('writes the under-review email with its own kind, for the order’s email history', async () => {
    const { orders, emails, only } = await setting('Claire');
    await emails.toClient('underReview', order('en'), orders);
    expect(only().kind).toBe('order-under-review');
  });

  for (const language of ['en', 'fr'] as const) {
    it(`announces a new version with its notes in ${language}`, async () => {
      const { orders, emails, only } = await setting('Claire');
      await emails.newVersion(
        order(language),
        { label: '2.1.0', notes: '<p>Faster <strong>exits</strong></p>' },
        orders,
      );
      const email = only();
      if (language === 'en') {
        expect(email.subject).toBe('New version 2.1.0 of Golden Scalper');
        expect(email.text).toContain('A new version (2.1.0) of your robot Golden Scalper (order #3f2a9c1e) is ready.');
        expect(email.text).toContain("What's new:\nFaster exits\n");
        expectAction(email.text, "Download your robot from the order's page:", ORDER_DETAIL);
      } else {
        expect(email.subject).toBe('Nouvelle version 2.1.0 de Golden Scalper');
        expect(email.text).toContain(
          'Une nouvelle version (2.1.0) de votre robot Golden Scalper (commande #3f2a9c1e) est prête.',
        );
        expect(email.text).toContain('Nouveautés :\nFaster exits\n');
        expectAction(email.text, 'Téléchargez votre robot sur la page de la commande :', ORDER_DETAIL);
      }
    });
  }

  const trialEnds = { trial: true, price: 0, trial_ends_at: '2026-12-03T09:30:00.000Z' };
  const trialEmails: Record<TrialEmail, Record<Language, Expected>> = {
    trialStarted: {
      en: {
        subject: 'Your free trial of Golden Scalper has started',
        says: 'The licence runs on demo accounts only, until 3 December 2026 at 09:30 UTC.',
        action: "Download your robot from the order's page:",
        link: ORDER_DETAIL,
      },
      fr: {
        subject: 'Votre essai gratuit de Golden Scalper a commencé',
        says: "La licence fonctionne sur des comptes de démonstration uniquement, jusqu'au 3 décembre 2026 à 09:30 UTC.",
        action: 'Téléchargez votre robot sur la page de la commande :',
        link: ORDER_DETAIL,
      },
    },
    trialEnding: {
      en: {
        subject: 'Your free trial of Golden Scalper ends soon',
        says: 'ends on 3 December 2026 at 09:30 UTC.',
        action: 'Buy Golden Scalper on its page:',
        link: `${PUBLIC_URL}/robots/golden-scalper`,
      },
      fr: {
        subject: 'Votre essai gratuit de Golden Scalper se termine bientôt',
        says: 'se termine le 3 décembre 2026 à 09:30 UTC.',
        action: 'Achetez Golden Scalper sur sa page :',
        link: `${PUBLIC_URL}/robots/golden-scalper`,
      },
    },
  };
  for (const [kind, byLanguage] of Object.entries(trialEmails) as [TrialEmail, Record<Language, Expected>][]) {
    for (const language of ['en', 'fr'] as const) {
      it(`${kind} in ${language}: subject, the trial's end, and where to go`, async () => {
        const { orders, trials, only } = await setting('Claire');
        await trials.toClient(kind, order(language, { ...trialEnds, robot_id: robotId }), orders);
        const email = only();
        const expected = byLanguage[language];
        expect(email.subject).toBe(expected.subject);
        expect(email.text).toContain(expected.says);
        expectAction(email.text, expected.action, expected.link);
        expectAllOrders(email.text, language);
        expect(email.text).not.toContain('/RobotDetail');
        if (language === 'fr') expectNoEnglish(email.text);
      });
    }
  }

  type Notice = { subject: string; says: string };
  const ownerNotices: Record<AdministratorEmail, Record<Language, Notice>> = {
    adminPaid: {
      en: {
        subject: 'Paid order #3f2a9c1e: Golden Scalper ($149.00)',
        says: 'Deliver the robot file from the dashboard.',
      },
      fr: {
        subject: 'Commande payée #3f2a9c1e : Golden Scalper (149,00 $)',
        says: 'Livrez le fichier du robot depuis le tableau de bord.',
      },
    },
    adminDelivered: {
      en: {
        subject: 'Paid and delivered order #3f2a9c1e: Golden Scalper ($149.00)',
        says: 'delivered automatically with version 2.1.0.',
      },
      fr: {
        subject: 'Commande payée et livrée #3f2a9c1e : Golden Scalper (149,00 $)',
        says: 'livrée automatiquement avec la version 2.1.0.',
      },
    },
    adminNoRelease: {
      en: {
        subject: 'Paid order #3f2a9c1e waits for you: Golden Scalper has no release',
        says: 'but Golden Scalper is delivered automatically and has no release to send.',
      },
      fr: {
        subject: "La commande payée #3f2a9c1e vous attend : Golden Scalper n'a aucune version publiée",
        says: "mais Golden Scalper est livré automatiquement et n'a aucune version à envoyer.",
      },
    },
  };
  for (const [about, byLanguage] of Object.entries(ownerNotices) as [AdministratorEmail, Record<Language, Notice>][]) {
    for (const language of ['en', 'fr'] as const) {
      it(`tells the owner (${about}) in the shop's language, ${language}`, async () => {
        const { orders, emails, toOwner } = await setting('Claire', language);
        await emails.toClientAndAdministrators('paid', order('en'), orders, about, '2.1.0');
        const email = toOwner();
        const expected = byLanguage[language];
        expect(email).toMatchObject({ to: 'owner@example.com', language });
        expect(email.subject).toBe(expected.subject);
        expect(email.text).toContain(expected.says);
        expect(email.text).toContain('claire@example.com');
        expectAction(
          email.text,
          language === 'en'
            ? 'Open the orders in the back office:'
            : 'Ouvrez les commandes dans l’espace d’administration :',
          MY_ORDERS,
        );
        if (language === 'fr') expectNoEnglish(email.text);
      });
    }
  }

  it('tells the owner in English when the shop follows each visitor’s browser', async () => {
    const { orders, emails, toOwner } = await setting('Claire', '');
    await emails.toClientAndAdministrators('paid', order('fr'), orders, 'adminPaid');
    expect(toOwner()).toMatchObject({ language: 'en', subject: 'Paid order #3f2a9c1e: Golden Scalper ($149.00)' });
  });
});
