import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../shared/constants.js';

const isLanguage = (value: string | undefined): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language of a page the server renders, in the order the browser app uses: the visitor's
 * stored choice (cookie), the administrator's default, the browser's languages, English.
 */
export function chooseLanguage(request: FastifyRequest, defaultLanguage = ''): Language {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  if (isLanguage(defaultLanguage)) return defaultLanguage;
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLanguage) ?? 'en';
}
