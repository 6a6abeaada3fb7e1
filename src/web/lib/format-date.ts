/**
 * Dates of admin lists in the spec's pattern 'd MMM yyyy, HH:mm' (SPEC §1), e.g.
 * '21 nov. 2026, 14:05' in French. Built from parts because the separator Intl puts between date
 * and time differs between ICU versions (', ' or ' à ').
 */

/** Locales whose conventions the interface languages follow (en-GB: day before month, 24-hour clock). */
const localeOfLanguage: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
const localeOf = (language: string) => localeOfLanguage[language] ?? language;
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * `language` is the interface language ('fr' -> French month names, 'en' -> English ones);
 * `timeZone` defaults to the reader's own. Returns null for a missing or unreadable date.
 */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(
    dateTimeFormat(localeOf(language), timeZone)
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

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
