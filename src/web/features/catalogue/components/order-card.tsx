import { Clock, Lock, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { Link } from '../../../lib/router';
import { formatUsd } from '../../../lib/format-number';

export type OrderAccess = {
  /** Until the current user is known, the card keeps the button's place empty. */
  isLoading: boolean;
  isSignedIn: boolean;
  onSignIn: () => void;
  /** The pointer or focus reached Sign In: a chance to fetch the dialog before the click. */
  onSignInIntent?: () => void;
};

/** What the card offers besides buying: the robot's free trial (decision 0020), given by the page. */
export type OrderCardExtras = { trial?: ReactNode };

export function orderFormPath(robotId: string): string {
  return `/OrderForm?${new URLSearchParams({ robotId }).toString()}`;
}

/** Price, the announced 24H delivery, and ordering: for signed-in users only (SPEC §2). */
export function OrderCard({ robot, access, trial }: { robot: Robot; access: OrderAccess } & OrderCardExtras) {
  const { t, i18n } = useTranslation();
  return (
    <div className="rounded-xl border border-emerald-500/30 bg-slate-900 p-5">
      {/* The price has the card's whole width: '$1,299.00' or '1 299,00 $US' never meets the delivery line. */}
      <dl className="flex flex-col gap-3">
        <div>
          <dt className="text-sm text-slate-400">{t('robotDetail.price')}</dt>
          <dd className="mt-1 text-3xl font-bold break-words text-white tabular-nums">
            {formatUsd(robot.price, i18n.language)}
          </dd>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-800 pt-3">
          <dt className="text-sm text-slate-400">{t('robotDetail.delivery')}</dt>
          <dd className="flex items-center gap-1.5 text-lg font-bold text-white">
            <Clock aria-hidden="true" className="size-5 text-emerald-400" />
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
      {!access.isLoading && trial && <div className="mt-3">{trial}</div>}
    </div>
  );
}
