/** Locales whose conventions the interface languages follow (en-GB: day before month, 24-hour clock). */
const localeOfLanguage: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
const localeOf = (language: string) => localeOfLanguage[language] ?? language;

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
