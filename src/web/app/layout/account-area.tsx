import { clsx } from 'clsx';
import { useTranslation } from '../../lib/use-translation';
import { buttonClass } from '../../components/ui/button-classes';
import { useSignOut } from '../../features/auth/api/sign-out';
import { preloadLoginModal, useAuthModal } from '../../features/auth/auth-modal';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { Link } from '../../lib/router';

type AccountAreaProps = {
  /** 'bar': the header's right-hand slot; 'stack': the account block of the mobile menu. */
  layout: 'bar' | 'stack';
  /** Called before acting, e.g. to close the mobile menu. */
  onAction?: () => void;
};

/**
 * Sign In for visitors; the user's name or email, their role and Sign Out once signed in
 * (SPEC §2). In the header bar the signed-in details only fit from the desktop width up; below it
 * the mobile menu carries them.
 */
export function AccountArea({ layout, onAction }: AccountAreaProps) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const authModal = useAuthModal();
  const { signOut, isSigningOut } = useSignOut();
  const stacked = layout === 'stack';

  if (isLoading) {
    return (
      <span
        aria-hidden="true"
        className={clsx('block h-9 animate-pulse rounded-lg bg-slate-800', stacked ? 'w-full' : 'w-24')}
      />
    );
  }

  if (user === null) {
    // The header bar keeps its Sign In at every width; the mobile menu does not repeat it.
    if (stacked) return null;
    return (
      <button
        type="button"
        onPointerEnter={preloadLoginModal}
        onFocus={preloadLoginModal}
        onClick={() => {
          onAction?.();
          authModal.open('signin');
        }}
        className={buttonClass('primary', stacked ? 'w-full' : 'h-9 px-3')}
      >
        {t('auth.signIn')}
      </button>
    );
  }

  const displayName = user.full_name || user.email;
  return (
    // In the bar, a long name gives way (truncated) before anything else does.
    <div className={clsx('min-w-0 items-center gap-3', stacked ? 'flex flex-col items-stretch' : 'hidden xl:flex')}>
      {/* The name leads to the Account page, where it, the email and the password change. */}
      <Link
        to="/Account"
        onClick={onAction}
        className={clsx(
          'flex min-w-0 flex-col rounded-md leading-tight hover:bg-slate-800',
          stacked ? 'px-3 py-2' : 'px-2 py-1 text-right',
        )}
      >
        <span className={clsx('truncate font-semibold text-white', stacked ? 'text-base' : 'max-w-44 text-sm')}>
          {displayName}
        </span>
        <span className="text-xs text-slate-400">{user.isAdmin ? t('auth.roles.admin') : t('auth.roles.client')}</span>
      </Link>
      <button
        type="button"
        disabled={isSigningOut}
        onClick={() => {
          onAction?.();
          void signOut();
        }}
        className={buttonClass('secondary', stacked ? 'w-full' : 'h-9 shrink-0 px-3')}
      >
        {t('auth.signOut')}
      </button>
    </div>
  );
}
