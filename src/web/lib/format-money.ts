import { CURRENCY } from '../../shared/constants.js';

/** Locales whose conventions the interface languages follow (en-GB: day before month, 24-hour clock). */
const localeOfLanguage: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
const localeOf = (language: string) => localeOfLanguage[language] ?? language;

const priceFormats = new Map<string, Intl.NumberFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An amount in US dollars, the shop's currency (SPEC §9), written the reader's way:
 * '$349.99' in English, '349,99 $US' in French. Null when there is no amount.
 */
export function formatUsd(amount: number | null | undefined, language: string): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  let format = priceFormats.get(language);
  if (!format) {
    // en-US rather than en-GB: a British reader would see 'US$', the spec's shop shows '$'.
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : localeOf(language), { style: 'currency', currency: CURRENCY });
    priceFormats.set(language, format);
  }
  return format.format(amount);
}

/** A calendar day in the interface language: '21 Nov 2026' or '21 nov. 2026'; null when unreadable. */
export function formatDay(iso: string | null | undefined, language: string, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const key = `${language}|${timeZone ?? ''}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone });
    dayFormats.set(key, format);
  }
  return format.format(date);
}
