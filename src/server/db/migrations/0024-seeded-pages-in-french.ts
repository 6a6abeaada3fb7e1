import type { Kysely } from 'kysely';
import { firstDemoPages } from '../seed/first-demo-pages.js';
import { translateUntouchedSeed } from './language-columns.js';

/**
 * The demo Copy Trade and Update pages of shops seeded before pages had two languages get their
 * French version. Migration 0021 gave both languages only to the untouched legal templates, so
 * these stayed English for French readers. A title or body still holding the English it was
 * seeded with (in the English column, or in the French one where 0021 moved it in a French
 * shop), with no translation beside it, gets the seed's English and French; anything the owner
 * wrote is left alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const slug of ['copy_trade', 'update'] as const)
    for (const field of ['title', 'content'] as const)
      await translateUntouchedSeed(
        db,
        'content_pages',
        field,
        { column: 'slug', value: slug },
        firstDemoPages[slug][field],
      );
}
