import { mapTranslations } from '../../../shared/localized-text.js';
import type { Faq, FaqInput, FaqPatch, MoveDirection } from '../../../shared/schemas/catalogue.js';
import { NotFoundError } from '../../errors.js';
import { swappedWithNeighbour, type AdminCrudService } from '../../http/admin-crud.js';
import { stripMarkup } from '../../text/sanitize-rich-text.js';
import { requireOneLanguage } from '../../text/required-translations.js';
import type { FaqsRepository } from './faqs.repository.js';

/**
 * The answer is text the storefront shows with its line breaks: no markup is kept, in any
 * language sent. One that was only markup is no answer: at least one language must remain, which
 * the callers check on the FAQ as it is stored.
 */
function cleaned<T extends FaqPatch>(faq: T): T {
  if (faq.answer === undefined) return faq;
  return { ...faq, answer: mapTranslations(faq.answer, (text: string) => stripMarkup(text).trim()) };
}

/** FAQ management (SPEC §2, §4, §5). */
export class FaqsService implements AdminCrudService<Faq, FaqInput, FaqPatch> {
  constructor(private readonly faqs: FaqsRepository) {}

  /** What visitors see: the active FAQs, in their order. */
  listActive(): Promise<Faq[]> {
    return this.faqs.listActive();
  }

  list(): Promise<Faq[]> {
    return this.faqs.listAll();
  }

  get(id: string): Promise<Faq | undefined> {
    return this.faqs.find(id);
  }

  create(input: FaqInput): Promise<Faq> {
    const faq = cleaned(input);
    requireOneLanguage(faq, faq, ['answer']);
    return this.faqs.insert(faq);
  }

  /** Each text changes in the languages the patch sends; a required one must keep one written. */
  async update(id: string, patch: FaqPatch): Promise<Faq> {
    const updated = await this.faqs.update(id, cleaned(patch), (faq) =>
      requireOneLanguage(faq, patch, ['question', 'answer']),
    );
    if (!updated) throw new NotFoundError('No such FAQ.');
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.faqs.find(id))) throw new NotFoundError('No such FAQ.');
    await this.faqs.delete(id);
  }

  /** SPEC §4: an FAQ swaps places with its neighbour, and the list is numbered 0..n-1 again. */
  async move(id: string, direction: MoveDirection): Promise<Faq[]> {
    const ids = swappedWithNeighbour(
      (await this.list()).map((faq) => faq.id),
      id,
      direction,
    );
    if (!ids) throw new NotFoundError('No such FAQ.');
    await this.faqs.setOrder(ids);
    return this.list();
  }
}
