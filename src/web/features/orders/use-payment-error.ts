import { useTranslation } from '../../lib/use-translation';
import { paymentMessages } from '../../../shared/schemas/orders.js';
import { ApiError, errorCodeOf } from '../../lib/api-client';

/** The SPEC §8 message of a failed payment request, in the reader's language. */
export function usePaymentError(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (errorCodeOf(error) === 'payment_not_configured') return t('orders.payment.notConfigured');
  if (error instanceof ApiError && error.message === paymentMessages.payUrlMissing)
    return t('orders.payment.payUrlMissing');
  return t('orders.payment.requestError', { message: error instanceof Error ? error.message : String(error) });
}
