import { cloneElement, Fragment, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { i18n, translate, type TranslateOptions } from './translate';

function currentLanguage(): string {
  return i18n.language;
}

/**
 * The translation function of the current language; a component re-renders when the language
 * changes, and `t` is a new function then, so effects and memos that depend on it run again.
 * `keyPrefix` puts a prefix before every key, as react-i18next's option of that name does.
 */
export function useTranslation<KeyPrefix extends string | undefined = undefined>(
  _namespace?: undefined,
  options?: { keyPrefix?: KeyPrefix },
): { t: TFunction<'translation', KeyPrefix>; i18n: typeof i18n } {
  const language = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(() => {
    const prefixed = (keys: string | readonly string[], translateOptions?: TranslateOptions) =>
      translate(
        keyPrefix === undefined
          ? keys
          : typeof keys === 'string'
            ? `${keyPrefix}.${keys}`
            : keys.map((key) => `${keyPrefix}.${key}`),
        translateOptions,
      );
    // The language is part of the identity: a new language gives a new function.
    return Object.assign(prefixed, { language }) as unknown as TFunction<'translation', KeyPrefix>;
  }, [keyPrefix, language]);
  return { t, i18n };
}

/**
 * A translated sentence with elements inside it: `<name>text</name>` in the catalogue becomes
 * `components.name` with that text as its children, the rest stays text (react-i18next's `Trans`
 * with named components, the only form the catalogues use).
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: Parameters<TFunction>[0];
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}): ReactNode {
  useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const text = String(translate(i18nKey as string, values));
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match !== null; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [whole, name = '', inner] = match;
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : whole);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
