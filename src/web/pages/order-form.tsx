import { useTranslation } from '../lib/use-translation';
import { useLocalized } from '../lib/use-localized';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useCategories } from '../features/catalogue/api/get-categories';
import { useOrder } from '../features/orders/api/get-order';
import { OrderWizard } from '../features/orders/components/order-wizard';
import { useRobot } from '../features/catalogue/api/get-robot';
import { Navigate, useSearchParams } from '../lib/router';

/**
 * `/OrderForm?robotId=…` (SPEC §2), signed-in users only. Once the order exists its id joins the
 * URL (`&orderId=…`), so a reload during the payment resumes that order instead of a new one.
 * A missing robot, a signed-out visitor or a load failure go Home silently (SPEC §8).
 */
export default function OrderFormPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const robotId = searchParams.get('robotId')?.trim() ?? '';
  const orderId = searchParams.get('orderId')?.trim() ?? '';
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const robotQuery = useRobot(user ? robotId : '');
  const orderQuery = useOrder(user ? orderId : '');
  const categories = useCategories().data;
  const show = useLocalized();

  if (robotId === '') return <Navigate to="/" replace />;
  if (isUserLoading) return <LoadingRegion />;
  if (!user || robotQuery.isError || orderQuery.isError) return <Navigate to="/" replace />;
  const robot = robotQuery.data;
  if (!robot || (orderId !== '' && !orderQuery.data)) return <LoadingRegion />;
  // The category's name in the reader's language (issue 19 §2).
  const category = categories?.find((candidate) => candidate.key === robot.category);

  return (
    <PageShell title={t('pages.orderForm.title')}>
      <OrderWizard
        robot={robot}
        categoryName={category && show(category.name)}
        clientName={user.full_name || user.email}
        order={orderQuery.data}
        onOrderCreated={(order) =>
          setSearchParams(new URLSearchParams({ robotId, orderId: order.id }), { replace: true })
        }
      />
    </PageShell>
  );
}
