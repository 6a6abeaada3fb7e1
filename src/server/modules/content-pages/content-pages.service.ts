import type { Kysely } from 'kysely';
import type { ContentPage, ContentPageSave, PageSlug } from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/schema.js';
import { requireOneLanguage } from '../../text/required-translations.js';
import { sanitizeLocalizedRichText } from '../../text/sanitize-rich-text.js';
import { ContentPagesRepository } from './content-pages.repository.js';

/** The rich-text pages (Copy Trade, Update, the legal pages): read by visitors, written by administrators. */
export class ContentPagesService {
  constructor(private readonly pages: ContentPagesRepository) {}

  find(slug: PageSlug): Promise<ContentPage | undefined> {
    return this.pages.find(slug);
  }

  /**
   * Stores the page with its HTML sanitised to the editor's formats (SPEC §5), in each language
   * sent (one not sent stays as stored, decision 0022); a language whose body shows nothing counts
   * as not written, so its readers get the other one. The title must keep one language written.
   */
  save(slug: PageSlug, page: ContentPageSave): Promise<ContentPage> {
    return this.pages.save(slug, { title: page.title, content: sanitizeLocalizedRichText(page.content) }, (saved) =>
      requireOneLanguage(saved, page, ['title']),
    );
  }
}

/** The pages of one database, for the page renderer (html/) as for the module itself. */
export function createContentPagesService(db: Kysely<Database>): ContentPagesService {
  return new ContentPagesService(new ContentPagesRepository(db));
}
