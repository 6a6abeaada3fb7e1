import type { Language } from '../../shared/constants.js';
import { languageOfAddress, resolveLanguage } from '../../shared/language.js';

/** The language tags of an Accept-Language header, most preferred first ('fr-FR;q=0.9' -> 'fr-FR'). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', quality] = part.trim().split(';q=');
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality) };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.tag);
}

/**
 * The language of a page the server renders, decided as the browser app decides it: the language
 * the address names (`?lang=fr`, which the app then keeps as the visitor's choice), the visitor's
 * stored choice (the `lang` cookie), the administrator's default, the browser's languages, English.
 */
export function chooseLanguage(
  request: { url?: string; headers: { cookie?: string; 'accept-language'?: string } },
  defaultLanguage = '',
): Language {
  const named = request.url === undefined ? null : languageOfAddress(request.url);
  if (named) return named;
  const stored = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  return resolveLanguage({
    stored,
    adminDefault: defaultLanguage,
    browser: acceptedLanguages(request.headers['accept-language']),
  });
}
