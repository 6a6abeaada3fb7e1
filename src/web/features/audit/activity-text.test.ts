import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import type { Language } from '../../../shared/constants.js';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { i18n, translate, type TranslateOptions } from '../../lib/translate';
import { actionName, actorName, describeChanges, recordName, VALUE_CHARS_SHOWN, type Translate } from './activity-text';

/** The catalogues' own words, in `language`: what the Activity page shows. */
function inLanguage(language: Language): Translate {
  i18n.changeLanguage(language);
  return ((key: string, options?: TranslateOptions) => translate(key, options)) as unknown as Translate;
}

type Entry = Pick<AuditEntry, 'action' | 'resource' | 'changes' | 'summary' | 'record_id'>;
const entry = (fields: Partial<Entry> & Pick<Entry, 'action' | 'resource'>): Entry => ({
  changes: {},
  summary: '',
  record_id: null,
  ...fields,
});

/** A row of the log as a reader of `language` sees it, in a shop whose default is `shopFallback`. */
function row(language: Language, fields: Parameters<typeof entry>[0], shopFallback: Language = 'en') {
  const t = inLanguage(language);
  const line = entry(fields);
  return {
    action: actionName(line, t),
    changes: describeChanges(line, t, { language, shopFallback }),
    record: recordName(line, t),
  };
}

beforeAll(() => {
  i18n.addCatalogue('en', en);
  i18n.addCatalogue('fr', fr);
});

describe('the activity log in words', () => {
  it("names a robot's update and its status change in each language", () => {
    const update = { action: 'update', resource: 'robot', changes: { status: { from: 'inactive', to: 'active' } } };
    expect(row('en', update)).toMatchObject({ action: 'Updated · Robot', changes: 'Status: Inactive → Active' });
    expect(row('fr', update)).toMatchObject({ action: 'Modification · Robot', changes: 'Statut : Inactif → Actif' });
  });

  it('names every kind of action the server writes', () => {
    expect(row('en', { action: 'release', resource: 'robot' }).action).toBe('Version published · Robot');
    expect(row('fr', { action: 'release', resource: 'robot' }).action).toBe('Publication d’une version · Robot');
    expect(row('en', { action: 'create', resource: 'robot' }).action).toBe('Created · Robot');
    expect(row('fr', { action: 'move down', resource: 'faq' }).action).toBe('Descente dans la liste · FAQ');
    expect(row('en', { action: 'rotate signing key', resource: 'licence signing key' }).action).toBe(
      'Signing key replaced · Licence signing key',
    );
    expect(row('fr', { action: 'delete', resource: 'newsletter_subscriber' }).action).toBe(
      'Suppression · Abonnés à la newsletter',
    );
  });

  it('shows each field by its form label, booleans as yes or no, two-language texts in the reader’s', () => {
    const faq = {
      action: 'update',
      resource: 'faq',
      changes: {
        active: { from: true, to: false },
        question: { from: { en: 'Old?', fr: 'Ancienne ?' }, to: { en: 'New?', fr: '' } },
      },
    };
    expect(row('en', faq).changes).toBe('Active: yes → no; Question: Old? → New?');
    // The French text is not written yet: the English one stands in, as in the shop.
    expect(row('fr', faq).changes).toBe('Actif : oui → non; Question : Ancienne ? → New?');
  });

  it("falls back to the shop's default language, as the storefront does, for a text or list not written in the reader's", () => {
    const banner = {
      action: 'update',
      resource: 'banner',
      changes: { title: { from: { en: '', fr: 'Nouveautés' }, to: { en: '', fr: 'Soldes' } } },
    };
    expect(row('en', banner, 'fr').changes).toBe('Title: Nouveautés → Soldes');
    const robot = {
      action: 'update',
      resource: 'robot',
      changes: { features: { from: null, to: { en: [], fr: ['Stop suiveur', 'Filtre d’actualités'] } } },
    };
    expect(row('en', robot, 'fr').changes).toBe('Features: Stop suiveur, Filtre d’actualités');
    // Written in the reader's language: theirs, whatever the shop's default.
    const faq = {
      action: 'update',
      resource: 'faq',
      changes: { question: { from: null, to: { en: 'Why?', fr: 'Pourquoi ?' } } },
    };
    expect(row('en', faq, 'fr').changes).toBe('Question: Why?');
  });

  it('shows only the new value of a field that had none, and a deleted value as empty', () => {
    const created = { action: 'create', resource: 'category', changes: { name: { from: null, to: 'Scalpers' } } };
    expect(row('en', created).changes).toBe('Name: Scalpers');
    const release = { action: 'delete release', resource: 'robot', changes: { version: { from: '1.2.0', to: null } } };
    expect(row('fr', release)).toMatchObject({
      action: 'Suppression d’une version · Robot',
      changes: 'Version : 1.2.0 → —',
    });
  });

  it('cuts a long text, and reads a page’s HTML as its text', () => {
    const body = `<p>${'word '.repeat(40)}</p>`;
    const page = { action: 'update', resource: 'page', changes: { content: { from: '', to: { en: body, fr: body } } } };
    const shown = row('en', page).changes;
    expect(shown.startsWith('Content: word word')).toBe(true);
    expect(shown).not.toContain('<p>');
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual('Content: '.length + VALUE_CHARS_SHOWN + 1);
  });

  it('names the settings changed by their labels, a secret as hidden, a yes/no setting as such', () => {
    const settings = {
      action: 'update',
      resource: 'settings',
      summary: 'chatbot_enabled, n8n_secret_token',
      changes: {
        chatbot_enabled: { from: 'false', to: 'true' },
        n8n_secret_token: { from: '(hidden)', to: '(hidden)' },
      },
    };
    expect(row('en', settings)).toEqual({
      action: 'Updated · Settings',
      changes: 'Show the chat assistant: no → yes; Secret token: hidden → hidden',
      record: 'Show the chat assistant, Secret token',
    });
    expect(row('fr', settings).changes).toBe(
      "Afficher l'assistant de chat : non → oui; Jeton secret : masqué → masqué",
    );
  });

  it("translates a licence's and a user's named values", () => {
    const revoke = {
      action: 'revoke',
      resource: 'licence',
      changes: { status: { from: 'active', to: 'revoked' }, reason: { from: null, to: 'Chargeback' } },
    };
    expect(row('fr', revoke)).toMatchObject({
      action: 'Révocation · Licence',
      changes: 'Statut : Active → Révoquée; Motif de la révocation : Chargeback',
    });
    const role = { action: 'update', resource: 'user', changes: { role: { from: 'client', to: 'admin' } } };
    expect(row('en', role).changes).toBe('Role: Client → Administrator');
  });

  it('says a deleted cash flow or trade, and a newsletter send or subscriber deletion, by their facts', () => {
    const flow = {
      action: 'delete cash flow',
      resource: 'robot',
      changes: {
        cash_flow: { from: { type: 'withdrawal', amount: 450, occurred_at: '2026-02-03T09:00:00.000Z' }, to: null },
      },
    };
    expect(row('en', flow)).toMatchObject({ action: 'Cash flow deleted · Robot' });
    expect(row('en', flow).changes).toMatch(/^Cash flow: withdrawal of 450 on .*2026.* → —$/);
    expect(row('fr', flow).changes).toMatch(/^Dépôt ou retrait : retrait de 450 le .*2026.* → —$/);
    const trade = {
      action: 'delete trade',
      resource: 'robot',
      changes: {
        trade: {
          from: {
            ticket: '1004',
            side: 'sell',
            lots: 0.5,
            symbol: 'EURUSD',
            profit: -40,
            closed_at: '2026-02-03T09:00:00.000Z',
          },
          to: null,
        },
      },
    };
    expect(row('fr', trade).changes).toMatch(/^Trade : n° 1004 Vente 0.5 EURUSD, -40, clôturé le .*2026.* → —$/);

    const send = {
      action: 'send',
      resource: 'newsletter',
      summary: 'Spring news',
      changes: { recipients: { from: null, to: 12 }, channel: { from: null, to: 'email' } },
    };
    expect(row('en', send)).toEqual({
      action: 'Sent · Newsletter',
      changes: 'Recipients: 12; Sent: by email',
      record: 'Spring news',
    });
    const purge = {
      action: 'delete',
      resource: 'newsletter_subscriber',
      changes: {
        deleted: { from: null, to: 3 },
        selection: { from: null, to: 'all' },
        search: { from: null, to: 'example.org' },
      },
    };
    expect(row('fr', purge).changes).toBe(
      'Abonnés supprimés : 3; Lesquels : tous ceux qui correspondent à la recherche; Recherche : example.org',
    );
  });

  it("keeps an order's own words: its steps, statuses and notes", () => {
    const paid = {
      action: 'mark_paid',
      resource: 'order',
      changes: { status: { from: 'pending_payment', to: 'paid' }, note: { from: null, to: 'Bank transfer' } },
    };
    expect(row('en', paid)).toMatchObject({
      action: 'Marked paid',
      changes: 'Status: Pending payment → Paid; Note: Bank transfer',
    });
    const deleted = { action: 'delete', resource: 'order', changes: { status: { from: 'paid', to: null } } };
    expect(row('fr', deleted)).toMatchObject({ action: 'Commande supprimée', changes: 'Statut : Payé → supprimée' });
  });

  it('shows names it does not know (an older row) as they were stored', () => {
    const old = { action: 'archive', resource: 'coupon', changes: { colour: { from: 'red', to: 'blue' } } };
    expect(row('fr', old)).toMatchObject({ action: 'archive · coupon', changes: 'colour : red → blue' });
    const odd = { action: 'update', resource: 'robot', changes: { status: { from: 'paused', to: { a: 1 } } } };
    expect(row('en', odd).changes).toBe('Status: paused → {"a":1}');
  });

  it("names the shop's own actors, and an administrator by address", () => {
    expect(actorName('payment workflow', inLanguage('fr'))).toBe('Workflow de paiement');
    expect(actorName('owner@example.com', inLanguage('en'))).toBe('owner@example.com');
  });
});
