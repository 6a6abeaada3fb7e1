import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { AdminPage } from '../../../../components/admin/admin-page';
import { useDashboardTotals } from '../../api/admin/get-dashboard-totals';
import { DashboardCards, RevenueChart } from './dashboard-cards';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrderManagement } from './order-management';
import { ReviewQueue } from './review-queue';

/**
 * The administrator's dashboard (SPEC §2): payments waiting for review first (decision 0014), then
 * the three totals, revenue per day, and the orders. The Dashboard page shows it to administrators
 * only.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const totals = useDashboardTotals();
  // One order detail for the whole page: it stays open when a resolution takes the order out of
  // the review panel or the table's current page.
  const [detailId, setDetailId] = useState<string | null>(null);
  return (
    <AdminPage title={t('pages.dashboard.adminTitle')}>
      <ReviewQueue onOpenDetail={setDetailId} />
      <DashboardCards totals={totals.data} />
      {totals.data && <RevenueChart days={totals.data.revenue_by_day} />}
      <OrderManagement onOpenDetail={setDetailId} />
      <OrderDetailDialog orderId={detailId} onOpenChange={(open) => !open && setDetailId(null)} />
    </AdminPage>
  );
}
