import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AuthModalView, AuthUrlRequest } from '../auth-url';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialSignIn, socialMessageFromUrl } from './social-sign-in';

/** What the page says once the dialog has closed, if anything. */
export type AuthNoticeKind = 'accountCreated' | 'accountDeleted';

type LoginModalProps = {
  request: AuthUrlRequest;
  onClose: (notice?: AuthNoticeKind) => void;
};

type Tab = 'signin' | 'signup';

const tabClass = clsx(
  'h-10 flex-1 rounded-md text-sm font-semibold transition-colors',
  'text-slate-300 hover:text-white data-[state=active]:bg-emerald-500 data-[state=active]:text-slate-950',
);

/**
 * The sign-in / sign-up dialog (SPEC §2). Lazy-loaded: it and its forms stay out of the entry
 * chunk until someone asks for it. Mounted only while open, so every opening starts clean.
 */
export default function LoginModal({ request, onClose }: LoginModalProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<AuthModalView>(request.view);
  const tab: Tab = view === 'signup' ? 'signup' : 'signin';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            // Start in the first field of the open form rather than on the first provider button.
            const field = contentRef.current?.querySelector<HTMLInputElement>(
              '[role="tabpanel"][data-state="active"] input',
            );
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-xl font-bold text-white">{t('auth.modal.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-400">{t('auth.modal.description')}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('auth.modal.close')}
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <Tabs.Root
            value={tab}
            onValueChange={(value) => setView(value === 'signup' ? 'signup' : 'signin')}
            className="flex flex-col gap-5"
          >
            <Tabs.List
              aria-label={t('auth.modal.tabsLabel')}
              className="flex gap-1 rounded-lg border border-slate-700 bg-slate-950 p-1"
            >
              <Tabs.Trigger value="signin" className={tabClass}>
                {t('auth.modal.signInTab')}
              </Tabs.Trigger>
              <Tabs.Trigger value="signup" className={tabClass}>
                {t('auth.modal.signUpTab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin">
              {view === 'forgot' ? (
                <ForgotPasswordForm onBack={() => setView('signin')} />
              ) : (
                <SignInForm onSignedIn={onClose} onForgotPassword={() => setView('forgot')} />
              )}
            </Tabs.Content>
            <Tabs.Content value="signup">
              <SignUpForm onSignedIn={() => onClose('accountCreated')} />
            </Tabs.Content>
          </Tabs.Root>

          <SocialSignIn initialMessage={socialMessageFromUrl(request.socialError)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const noticeKeys = {
  accountCreated: 'account.created',
  accountDeleted: 'account.delete.done',
} as const satisfies Record<AuthNoticeKind, string>;

/** Shown once the dialog has closed: a toast at the bottom of the page that goes away by itself. */
export function AuthNotice({ kind, onDone }: { kind: AuthNoticeKind; onDone: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onDone, 8000);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-emerald-700 bg-emerald-950 px-4 py-3 text-sm text-emerald-100 shadow-2xl"
    >
      <p className="flex-1 py-1.5">{t(noticeKeys[kind])}</p>
      <button
        type="button"
        onClick={onDone}
        aria-label={t('auth.modal.close')}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-emerald-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
