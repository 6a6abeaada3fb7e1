import { useCallback } from 'react';
import type { Language } from '../../../shared/constants.js';
import { contentLanguage, textIn, type LocalizedText } from '../../../shared/localized-text.js';
import { usePublicSettings } from './api/get-public-settings';
import { useTranslation } from '../../lib/use-translation';

/**
 * Owner-written text in the reader's language (issue 19 §2). The public API sends both
 * translations, so switching the interface's language needs no new request; a missing one falls
 * back to the shop's default language, as the server-rendered page does.
 */
export function useLocalized(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const fallback = contentLanguage(usePublicSettings().data?.default_language);
  const language = i18n.language as Language;
  return useCallback((text: LocalizedText) => textIn(text, language, fallback), [language, fallback]);
}
