import { CURRENCY } from '../../shared/constants.js';

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in US dollars, the shop's currency (SPEC §9), written the reader's way:
 * '$349.99' in English, '349,99 $US' in French. Null when there is no amount.
 */
export function formatUsd(amount: number | null | undefined, language: string): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  let format = priceFormats.get(language);
  if (!format) {
    // en-US rather than en-GB: a British reader would see 'US$', the spec's shop shows '$'.
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language === 'fr' ? 'fr-FR' : language, { style: 'currency', currency: CURRENCY });
    priceFormats.set(language, format);
  }
  return format.format(amount);
}
