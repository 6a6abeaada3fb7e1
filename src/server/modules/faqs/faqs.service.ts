import { LANGUAGES } from '../../../shared/constants.js';
import type { LocalizedText } from '../../../shared/localized-text.js';
import type { Faq, FaqInput, MoveDirection } from '../../../shared/schemas/catalogue.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { swappedWithNeighbour, type AdminCrudService } from '../../http/admin-crud.js';
import { stripMarkup } from '../../text/sanitize-rich-text.js';
import type { FaqsRepository } from './faqs.repository.js';

type FaqPatch = Partial<FaqInput>;

/**
 * The answer is text the storefront shows with its line breaks: no markup is kept, in either
 * language. One that was only markup is no answer: at least one language must remain.
 */
function cleaned<T extends FaqPatch>(faq: T): T {
  if (faq.answer === undefined) return faq;
  const written = faq.answer;
  const answer = Object.fromEntries(
    LANGUAGES.map((language) => [language, stripMarkup(written[language]).trim()]),
  ) as LocalizedText;
  if (LANGUAGES.every((language) => answer[language] === ''))
    throw new BadRequestError('Invalid body.answer: is required in at least one language', {
      'body.answer': 'is required in at least one language',
    });
  return { ...faq, answer };
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
    return this.faqs.insert(cleaned(input));
  }

  async update(id: string, patch: FaqPatch): Promise<Faq> {
    const updated = await this.faqs.update(id, cleaned(patch));
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
