import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-classes';

/**
 * A subscription is sent by script, never by a native form submission, which would reload the
 * page with the address in the URL.
 */
function preventNativeSubmit(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
}

/** The footer's newsletter sign-up (SPEC §2). */
export function NewsletterForm() {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const emailId = `${id}-email`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-white">
        {t('newsletter.title')}
      </h2>
      <p className="text-sm text-slate-400">{t('newsletter.description')}</p>
      <form onSubmit={preventNativeSubmit} className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={emailId} className="sr-only">
          {t('newsletter.emailLabel')}
        </label>
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={t('newsletter.emailPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500"
        />
        <button type="submit" className={buttonClass('primary')}>
          {t('newsletter.submit')}
        </button>
      </form>
    </section>
  );
}
