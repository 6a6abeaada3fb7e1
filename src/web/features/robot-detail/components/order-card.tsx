import { Clock, Lock, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { Link } from '../../../lib/router';
import { formatUsd } from '../../../lib/format-price';

export type OrderAccess = {
  /** Until the current user is known, the card keeps the button's place empty. */
  isLoading: boolean;
  isSignedIn: boolean;
  onSignIn: () => void;
  /** The pointer or focus reached Sign In: a chance to fetch the dialog before the click. */
  onSignInIntent?: () => void;
};

export function orderFormPath(robotId: string): string {
  return `/OrderForm?${new URLSearchParams({ robotId }).toString()}`;
}

/** Price, the announced 24H delivery, and ordering: for signed-in users only (SPEC §2). */
export function OrderCard({ robot, access }: { robot: Robot; access: OrderAccess }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="rounded-xl border border-emerald-500/30 bg-slate-900 p-5">
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-400">{t('robotDetail.price')}</dt>
          <dd className="mt-1 text-3xl font-bold text-white tabular-nums">{formatUsd(robot.price, i18n.language)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">{t('robotDetail.delivery')}</dt>
          <dd className="mt-1 flex items-center gap-1.5 text-3xl font-bold text-white">
            <Clock aria-hidden="true" className="size-6 text-emerald-400" />
            {t('robotDetail.deliveryValue')}
          </dd>
        </div>
      </dl>
      {/* Fixed height: the three states below take the same room, so nothing moves when the user is known. */}
      <div className="mt-5 flex min-h-[5.5rem] flex-col justify-end gap-3">
        {access.isLoading ? (
          <span aria-hidden="true" className="block h-11 w-full animate-pulse rounded-lg bg-slate-800" />
        ) : access.isSignedIn ? (
          <Link to={orderFormPath(robot.id)} className={buttonClass('primary', 'w-full')}>
            <ShoppingCart aria-hidden="true" className="size-5" />
            {t('robotDetail.orderNow')}
          </Link>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm text-slate-300">
              <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-300" />
              {t('robotDetail.loginRequired')}
            </p>
            <button
              type="button"
              onClick={access.onSignIn}
              onPointerEnter={access.onSignInIntent}
              onFocus={access.onSignInIntent}
              className={buttonClass('primary', 'w-full')}
            >
              {t('auth.signIn')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
