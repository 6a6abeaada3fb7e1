import type { Language } from '../../shared/constants.js';
import en from '../../web/locales/en.json' with { type: 'json' };
import fr from '../../web/locales/fr.json' with { type: 'json' };

type Catalogue = typeof en;
const catalogues: Record<Language, Catalogue> = { en, fr: fr as Catalogue };

/** A whole catalogue, embedded in each page so the browser needs no extra request for it. */
export function catalogue(language: Language): Catalogue {
  return catalogues[language];
}

/**
 * Strings of the pages the server renders itself (Our Products, unsubscribe), read from the same
 * catalogues as the browser app so that every visible string has one home per language.
 */
export function serverStrings(language: Language): Catalogue['serverPages'] {
  return catalogues[language].serverPages;
}
