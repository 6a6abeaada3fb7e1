import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from '../../shared/pages.js';

type PageModule = () => Promise<{ default: ComponentType }>;

const legalPage: PageModule = () => import('../pages/legal-page');

/**
 * One lazy chunk per page. Admin pages in particular must stay out of the storefront's entry
 * chunk, which is why nothing here is imported statically.
 */
const pageModules: Record<PageName, PageModule> = {
  Home: () => import('../pages/home'),
  RobotDetail: () => import('../pages/robot-detail'),
  OrderForm: () => import('../pages/order-form'),
  Dashboard: () => import('../pages/dashboard'),
  FAQ: () => import('../pages/faq'),
  CopyTrade: () => import('../pages/copy-trade'),
  Update: () => import('../pages/update'),
  RobotManagement: () => import('../pages/admin/robot-management'),
  CategoryManagement: () => import('../pages/admin/category-management'),
  FAQManagement: () => import('../pages/admin/faq-management'),
  CopyTradeManagement: () => import('../pages/admin/copy-trade-management'),
  UpdateManagement: () => import('../pages/admin/update-management'),
  HeroBannerManagement: () => import('../pages/admin/hero-banner-management'),
  NewsletterManagement: () => import('../pages/admin/newsletter-management'),
  UserManagement: () => import('../pages/admin/user-management'),
  Settings: () => import('../pages/admin/settings'),
  ResetPassword: () => import('../pages/reset-password'),
  Account: () => import('../pages/account'),
  Terms: legalPage,
  Privacy: legalPage,
  RefundPolicy: legalPage,
  RiskDisclosure: legalPage,
  PageManagement: () => import('../pages/admin/page-management'),
  Activity: () => import('../pages/admin/activity'),
  OrderLicence: () => import('../pages/order-licence'),
  OrderDetail: () => import('../pages/order-detail'),
  LicenceManagement: () => import('../pages/admin/licence-management'),
  Compare: () => import('../pages/compare'),
};

const lazyPages = new Map<PageModule, LazyExoticComponent<ComponentType>>();

/**
 * Each page's component, lazy until `loadPage` fetched it; the pages that share a module (the
 * legal pages) share one lazy component.
 */
export const pageComponents: Record<PageName, ComponentType> = Object.fromEntries(
  Object.entries(pageModules).map(([name, load]): [string, ComponentType] => {
    if (!lazyPages.has(load)) lazyPages.set(load, lazy(load));
    return [name, lazyPages.get(load)!];
  }),
) as Record<PageName, ComponentType>;

const loadedPages = new Set<PageName>();

/**
 * Loads a page's chunk ahead of its first render (main.tsx and server-render.tsx, for a page the
 * server draws): the page is then drawn without a Suspense boundary around it (app-layout.tsx),
 * so the browser hydrates it in the same pass as the frame. A boundary is hydrated in a later
 * pass, and an answer arriving in between (the session, which the header asks for) would make it
 * differ from what the server drew.
 */
export async function loadPage(name: PageName): Promise<void> {
  pageComponents[name] = (await pageModules[name]()).default;
  loadedPages.add(name);
}

/** Whether `loadPage` fetched the page: it then renders at once, without a loading state. */
export function isPageLoaded(name: PageName): boolean {
  return loadedPages.has(name);
}
