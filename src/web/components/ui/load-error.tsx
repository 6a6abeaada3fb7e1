import { clsx } from 'clsx';
import { useTranslation } from '../../lib/use-translation';
import { buttonClass } from './button-classes';

/** What a storefront page shows when its data could not load: why, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={clsx('rounded-xl border border-red-900 bg-red-950/40 p-6', className)}>
      <p className="text-red-200">{message}</p>
      <button type="button" onClick={onRetry} className={buttonClass('secondary', 'mt-4')}>
        {t('common.retry')}
      </button>
    </div>
  );
}
