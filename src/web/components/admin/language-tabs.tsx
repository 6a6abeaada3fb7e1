import { clsx } from 'clsx';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { isBlankHtml } from '../../../shared/rich-text-rules.js';
import { useTranslation } from '../../lib/use-translation';

type LanguageTabsProps = {
  /**
   * The form's localized fields shown in the tabs (`question`, `answer`): a tab is marked when
   * one of them is empty in its language or refused by the schema.
   */
  fields: readonly string[];
  /**
   * The fields of one language: names like `question.fr`; `labelIn` names a field with the
   * language ("Title (English)"), for the fields whose label would otherwise repeat in both tabs.
   */
  children: (language: Language, labelIn: (label: string) => string) => ReactNode;
  /**
   * The fields' names as the form labels them. A field written in no language is refused as a
   * whole (`question`, not `question.en`), so no input shows that error: the tabs say it below
   * their panels, naming the field.
   */
  labels?: Readonly<Record<string, string>>;
};

/**
 * The owner's texts in English and French side by side in one form (issue 19 §2). Both panels stay
 * mounted, so switching tabs keeps what was typed and the form validates every language; a tab
 * says when its translation is missing (the reader then sees the other language) or refused.
 */
export function LanguageTabs<T extends FieldValues>({ fields, children, labels }: LanguageTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [active, setActive] = useState<Language>(LANGUAGES[0]);
  const { control, formState } = useFormContext<T>();
  const values = useWatch({ control }) as Record<string, Partial<Record<Language, string>> | undefined>;
  const errors = formState.errors as Record<string, Record<string, unknown> | undefined>;

  /** Refused as a whole: required, and written in no language. */
  const unwritten = fields.filter((field) => errors[field] && !errors[field]?.en && !errors[field]?.fr);

  const stateOf = (language: Language): 'refused' | 'missing' | 'written' => {
    if (unwritten.length > 0 || fields.some((field) => errors[field]?.[language])) return 'refused';
    // An emptied rich-text editor leaves `<p><br></p>`: the server stores that as not written too.
    return fields.some((field) => isBlankHtml(values[field]?.[language] ?? '')) ? 'missing' : 'written';
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = LANGUAGES[(LANGUAGES.indexOf(active) + step + LANGUAGES.length) % LANGUAGES.length]!;
    setActive(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label={t('backOffice.languages.label')} className="flex gap-1 border-b border-slate-700">
        {LANGUAGES.map((language) => {
          const state = stateOf(language);
          return (
            <button
              key={language}
              id={`${id}-tab-${language}`}
              type="button"
              role="tab"
              aria-selected={active === language}
              aria-controls={`${id}-panel-${language}`}
              tabIndex={active === language ? 0 : -1}
              onClick={() => setActive(language)}
              onKeyDown={onKeyDown}
              className={clsx(
                '-mb-px flex min-h-11 items-center gap-2 rounded-t-lg border border-b-0 px-4 text-sm font-medium',
                active === language
                  ? 'border-slate-700 bg-slate-900 text-white'
                  : 'border-transparent text-slate-400 hover:text-slate-200',
              )}
            >
              {t(`language.names.${language}`)}
              {state !== 'written' && (
                <span
                  className={clsx(
                    'rounded px-1.5 py-0.5 text-xs',
                    state === 'refused' ? 'bg-red-950 text-red-200' : 'bg-slate-800 text-amber-200',
                  )}
                >
                  {t(state === 'refused' ? 'backOffice.languages.refused' : 'backOffice.languages.missing')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {LANGUAGES.map((language) => (
        <div
          key={language}
          id={`${id}-panel-${language}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${language}`}
          hidden={active !== language}
          lang={language}
          className="flex flex-col gap-4"
        >
          {children(language, (label) =>
            t('backOffice.languages.fieldIn', { field: label, language: t(`language.names.${language}`) }),
          )}
        </div>
      ))}
      {unwritten.map((field) => (
        <p key={field} role="alert" className="text-sm text-red-300">
          {t('backOffice.languages.requiredInOne', { field: labels?.[field] ?? field })}
        </p>
      ))}
      <p className="text-xs text-slate-400">{t('backOffice.languages.fallbackHint')}</p>
    </div>
  );
}
