import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from '../../shared/pages.js';

const legalPage = lazy(() => import('../pages/legal-page'));

/**
 * One lazy chunk per page. Admin pages in particular must stay out of the storefront's entry
 * chunk, which is why nothing here is imported statically.
 */
export const pageComponents: Record<PageName, LazyExoticComponent<ComponentType>> = {
  Home: lazy(() => import('../pages/home')),
  RobotDetail: lazy(() => import('../pages/robot-detail')),
  OrderForm: lazy(() => import('../pages/order-form')),
  Dashboard: lazy(() => import('../pages/dashboard')),
  FAQ: lazy(() => import('../pages/faq')),
  CopyTrade: lazy(() => import('../pages/copy-trade')),
  Update: lazy(() => import('../pages/update')),
  RobotManagement: lazy(() => import('../pages/admin/robot-management')),
  CategoryManagement: lazy(() => import('../pages/admin/category-management')),
  FAQManagement: lazy(() => import('../pages/admin/faq-management')),
  CopyTradeManagement: lazy(() => import('../pages/admin/copy-trade-management')),
  UpdateManagement: lazy(() => import('../pages/admin/update-management')),
  HeroBannerManagement: lazy(() => import('../pages/admin/hero-banner-management')),
  NewsletterManagement: lazy(() => import('../pages/admin/newsletter-management')),
  UserManagement: lazy(() => import('../pages/admin/user-management')),
  Settings: lazy(() => import('../pages/admin/settings')),
  ResetPassword: lazy(() => import('../pages/reset-password')),
  Account: lazy(() => import('../pages/account')),
  Terms: legalPage,
  Privacy: legalPage,
  RefundPolicy: legalPage,
  RiskDisclosure: legalPage,
  PageManagement: lazy(() => import('../pages/admin/page-management')),
  Activity: lazy(() => import('../pages/admin/activity')),
  OrderLicence: lazy(() => import('../pages/order-licence')),
  OrderDetail: lazy(() => import('../pages/order-detail')),
  LicenceManagement: lazy(() => import('../pages/admin/licence-management')),
  Compare: lazy(() => import('../pages/compare')),
};
