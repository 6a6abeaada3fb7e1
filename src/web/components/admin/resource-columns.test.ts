import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bannersResource, faqsResource, robotsResource } from '../../../shared/admin-resources.js';
import { textIn, type LocalizedText } from '../../../shared/localized-text.js';
import { standardColumns } from './resource-columns';

const t = ((key: string) => key) as TFunction;
const noActions = { rows: [], moving: false, move: () => undefined, setActive: () => undefined };
/** An administrator reading French, in a shop whose default language is English. */
const show = (text: LocalizedText) => textIn(text, 'fr', 'en');

describe('the standard columns', () => {
  it('are offered as the descriptor allows: asking for an order or status column it does not is a mistake', () => {
    const robots = standardColumns(robotsResource, noActions, t, show);
    expect(robots.name('Name').id).toBe('name');
    expect(() => robots.order()).toThrow('/api/admin/robots is not orderable');
    expect(() => robots.active).toThrow('/api/admin/robots is not activatable');
    const faqs = standardColumns(faqsResource, noActions, t, show);
    expect(faqs.order().id).toBe('order');
    expect(faqs.active.id).toBe('status');
  });

  it('leave the order column unsorted (a list is read in its order), and sort the others by their values', () => {
    const faqs = standardColumns(faqsResource, noActions, t, show);
    const faq = {
      id: 'f1',
      question: { en: 'Why?', fr: 'Pourquoi ?' },
      answer: { en: 'Because.', fr: '' },
      order_index: 4,
      active: true,
      created_date: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(faqs.order().value).toBeUndefined();
    expect(faqs.active.value?.(faq)).toBe(1);
    expect(faqs.name('Question').value?.(faq)).toBe('Pourquoi ?');
    // A question not translated yet is named in the shop's default language.
    expect(faqs.name('Question').value?.({ ...faq, question: { en: 'Why?', fr: '' } })).toBe('Why?');
  });

  it("name a banner by its title in the reader's language, as a FAQ", () => {
    const banners = standardColumns(bannersResource, noActions, t, show);
    const banner = {
      id: 'b1',
      title: { en: 'Automated trading robots', fr: 'Des robots de trading automatiques' },
      type: 'image' as const,
      content_url: '/files/public/banner.png',
      order_index: 0,
      active: true,
      created_date: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(banners.name('Title').value?.(banner)).toBe('Des robots de trading automatiques');
    expect(banners.name('Title').value?.({ ...banner, title: { ...banner.title, fr: '' } })).toBe(
      'Automated trading robots',
    );
  });
});
