import { clsx } from 'clsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { buttonClass } from '../../../components/ui/button-classes';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { isNewsletterEmail, subscribeFailureMessage, type NewsletterFormState } from '../newsletter-form-state';

/**
 * The footer's newsletter sign-up (SPEC §2, §4): idle, submitting, success, error. It is on every
 * page, so it stays small: no form library, one mutation.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const emailId = `${id}-email`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterFormState>({ status: 'idle' });
  const subscribe = useSubscribeNewsletter();
  const submitting = state.status === 'submitting';
  const invalid = state.status === 'error' && state.message === 'newsletter.messages.invalidEmail';

  // Sent by script, never by a native submission, which would reload the page with the address
  // in the URL. noValidate on the form: the browser's own bubble would be neither translated
  // nor the message SPEC §8 asks for.
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!isNewsletterEmail(email)) {
      setState({ status: 'error', message: 'newsletter.messages.invalidEmail' });
      inputRef.current?.focus();
      return;
    }
    setState({ status: 'submitting' });
    subscribe.mutate(
      { email: email.trim() },
      {
        onSuccess: (result) => {
          setEmail('');
          setState({
            status: 'success',
            message: result.confirmationRequired ? 'newsletterOptIn.checkEmail' : 'newsletter.messages.success',
          });
        },
        onError: (error) => setState({ status: 'error', message: subscribeFailureMessage(error) }),
      },
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-white">
        {t('newsletter.title')}
      </h2>
      <p className="text-sm text-slate-400">{t('newsletter.description')}</p>
      <form noValidate onSubmit={handleSubmit} aria-busy={submitting} className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={emailId} className="sr-only">
          {t('newsletter.emailLabel')}
        </label>
        <input
          ref={inputRef}
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // A message about the previous address no longer applies to the one being typed.
            if (state.status === 'success' || state.status === 'error') setState({ status: 'idle' });
          }}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={state.status === 'error' ? errorId : undefined}
          placeholder={t('newsletter.emailPlaceholder')}
          className={clsx(
            'h-11 min-w-0 rounded-lg sm:flex-1 border bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500',
            invalid ? 'border-red-500' : 'border-slate-700',
          )}
        />
        <button type="submit" disabled={submitting} className={buttonClass('primary')}>
          {t(submitting ? 'newsletter.submitting' : 'newsletter.submit')}
        </button>
      </form>
      {/* Both regions exist from the start (empty, they take no room): screen readers announce
          changes to a live region, not a region that appears. */}
      <div className="text-sm">
        <p role="status" className="text-emerald-300">
          {state.status === 'success' ? t(state.message) : ''}
        </p>
        <p id={errorId} role="alert" className="text-red-300">
          {state.status === 'error' ? t(state.message) : ''}
        </p>
      </div>
    </section>
  );
}
