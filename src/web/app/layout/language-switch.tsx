import { clsx } from 'clsx';
import { useTranslation } from '../../lib/use-translation';
import { LANGUAGES } from '../../../shared/constants.js';
import { chooseLanguage } from '../../lib/i18n';

export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={clsx('flex rounded-lg border border-slate-700 p-0.5', className)}
    >
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            title={t(`language.names.${language}`)}
            aria-pressed={active}
            onClick={() => chooseLanguage(language)}
            className={clsx(
              'h-8 min-w-10 rounded-md px-2 text-xs font-bold transition-colors',
              active ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
            )}
          >
            {t(`language.${language}`)}
          </button>
        );
      })}
    </div>
  );
}
