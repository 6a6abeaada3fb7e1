import { CURRENCY } from '../../shared/constants.js';

/** Number display for statistics: always two decimals, grouped the way the reader's language groups. */

const decimalFormats = new Map<string, Intl.NumberFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

function cachedFormat(cache: Map<string, Intl.NumberFormat>, locale: string, options: Intl.NumberFormatOptions) {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...options });
    cache.set(locale, format);
  }
  return format;
}

function isPresent(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `1234.5` -> '1,234.50' (en) or '1 234,50' (fr); null when there is no value to show. */
export function formatDecimal(value: number | null | undefined, locale: string): string | null {
  return isPresent(value) ? cachedFormat(decimalFormats, locale, {}).format(value) : null;
}

/** For values already in percent units: `65.5` -> '65.50%' (en) or '65,50 %' (fr). */
export function formatPercent(value: number | null | undefined, locale: string): string | null {
  return isPresent(value) ? cachedFormat(percentFormats, locale, { style: 'percent' }).format(value / 100) : null;
}

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
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language === 'fr' ? 'fr-FR' : language, {
      style: 'currency',
      currency: CURRENCY,
    });
    priceFormats.set(language, format);
  }
  return format.format(amount);
}

const signedFormats = new Map<string, Intl.NumberFormat>();

/** With its sign, for profits and losses: `12.5` -> '+12.50', `-3` -> '-3.00'; null when absent. */
export function formatSignedDecimal(value: number | null | undefined, locale: string): string | null {
  return isPresent(value) ? cachedFormat(signedFormats, locale, { signDisplay: 'exceptZero' }).format(value) : null;
}

const signedPercentFormats = new Map<string, Intl.NumberFormat>();

/** A return, with its sign, for values in percent units: `3.95` -> '+3.95%', `-16` -> '-16.00%'. */
export function formatSignedPercent(value: number | null | undefined, locale: string): string | null {
  return isPresent(value)
    ? cachedFormat(signedPercentFormats, locale, { style: 'percent', signDisplay: 'exceptZero' }).format(value / 100)
    : null;
}
