import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { isUnpaidStatus } from '../../../../shared/order-states.js';
import type { Order } from '../../../../shared/schemas/orders.js';
import { useCreateOrder } from '../api/create-order';
import { getOrdersQueryOptions } from '../api/get-orders';
import { stepOfOrder } from '../order-steps';
import { ConfigurationStep } from './configuration-step';
import { ConfirmationStep } from './confirmation-step';
import { OrderStepper } from './order-stepper';
import { OrderSummary, type SummaryRobot } from './order-summary';
import { PaymentStep } from './payment-step';
import { UnpaidOrderOffer } from './unpaid-order-offer';

/** A key for this form's submissions: retries of one submission create one order. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type OrderWizardProps = {
  robot: SummaryRobot & { id: string };
  categoryName: string | undefined;
  clientName: string;
  /** The order the URL names, once there is one: reloading the page resumes it. */
  order: Order | undefined;
  onOrderCreated: (order: Order) => void;
};

/** The three-step order flow of SPEC §2. */
export function OrderWizard({ robot, categoryName, clientName, order, onOrderCreated }: OrderWizardProps) {
  const { t } = useTranslation();
  const createOrder = useCreateOrder();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const step = stepOfOrder(order);
  // Before a new order: the client's unpaid order of this robot, the newest, if they have one
  // (not the order this form has just created, on its way to step 2).
  const orders = useQuery({ ...getOrdersQueryOptions(), enabled: step === 1 });
  const offered = step === 1 && (createOrder.isIdle || createOrder.isError);
  const unpaid = offered
    ? orders.data?.find((mine) => mine.robot_id === robot.id && isUnpaidStatus(mine.status))
    : undefined;
  return (
    <>
      <OrderStepper current={step} />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
          {step === 1 && orders.isPending && (
            <div aria-busy="true" className="min-h-96">
              <p role="status" className="sr-only">
                {t('common.loading')}
              </p>
            </div>
          )}
          {step === 1 && unpaid && <UnpaidOrderOffer order={unpaid} />}
          {step === 1 && !orders.isPending && !unpaid && (
            <ConfigurationStep
              isSubmitting={createOrder.isPending}
              failed={createOrder.isError}
              onSubmit={(values) =>
                createOrder.mutate(
                  { input: { ...values, robot_id: robot.id }, idempotencyKey },
                  { onSuccess: onOrderCreated },
                )
              }
            />
          )}
          {step === 2 && order && <PaymentStep order={order} />}
          {step === 3 && order && <ConfirmationStep order={order} />}
        </div>
        <OrderSummary robot={robot} categoryName={categoryName} clientName={clientName} />
      </div>
    </>
  );
}
