import type { Kysely } from 'kysely';
import type { ContentPage, ContentPageInput, PageSlug } from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/schema.js';
import { sanitizeLocalizedRichText } from '../../text/sanitize-rich-text.js';
import { ContentPagesRepository } from './content-pages.repository.js';

/** The rich-text pages (Copy Trade, Update, the legal pages): read by visitors, written by administrators. */
export class ContentPagesService {
  constructor(private readonly pages: ContentPagesRepository) {}

  find(slug: PageSlug): Promise<ContentPage | undefined> {
    return this.pages.find(slug);
  }

  /**
   * Stores the page with its HTML sanitised to the editor's formats (SPEC §5), in each language; a
   * language whose body shows nothing counts as not written, so its readers get the other one.
   */
  save(slug: PageSlug, page: ContentPageInput): Promise<ContentPage> {
    return this.pages.save(slug, { title: page.title, content: sanitizeLocalizedRichText(page.content) });
  }
}

/** The pages of one database, for the page renderer (html/) as for the module itself. */
export function createContentPagesService(db: Kysely<Database>): ContentPagesService {
  return new ContentPagesService(new ContentPagesRepository(db));
}
