import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../../components/admin/admin-page';
import { useDashboardTotals } from '../../api/admin/get-dashboard-totals';
import { DashboardCards, RevenueChart } from './dashboard-cards';
import { OrderManagement } from './order-management';

/**
 * The administrator's dashboard (SPEC §2): the three totals, revenue per day, and the orders. The
 * Dashboard page shows it to administrators only.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const totals = useDashboardTotals();
  return (
    <AdminPage title={t('pages.dashboard.adminTitle')}>
      <DashboardCards totals={totals.data} />
      {totals.data && <RevenueChart days={totals.data.revenue_by_day} />}
      <OrderManagement />
    </AdminPage>
  );
}
