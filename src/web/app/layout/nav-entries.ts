import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { isWebLink, safeExternalHref } from '../../lib/safe-href';
import { CONTENT_PAGE_SLUGS, humanizeSlug, managementPathOf } from '../../../shared/content-pages.js';
import { pagePath, resolvePage, type PageName } from '../../../shared/pages.js';

export type NavEntry =
  /** A page of this app, navigated client-side. */
  | { kind: 'page'; id: string; label: string; page: PageName; href: string }
  /** A document the server renders (full page load), or an outside address. */
  | { kind: 'document'; id: string; label: string; href: string; newTab: boolean };

const page = (id: string, label: string, name: PageName): NavEntry => ({
  kind: 'page',
  id,
  label,
  page: name,
  href: pagePath(name),
});

/** The header's entries (SPEC §2), shared by the desktop bar and the mobile menu. */
export function useNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const contactHref = safeExternalHref(usePublicSettings().data?.contact_url);
  const { user } = useCurrentUser();

  const entries: NavEntry[] = [
    page('catalog', t('nav.catalog'), 'Home'),
    page('faq', t('nav.faq'), 'FAQ'),
    page('copy-trade', t('nav.copyTrade'), 'CopyTrade'),
    page('update', t('nav.update'), 'Update'),
    { kind: 'document', id: 'our-products', label: t('nav.ourProducts'), href: '/product.html', newTab: false },
  ];
  if (contactHref !== null) {
    entries.push({
      kind: 'document',
      id: 'contact',
      label: t('nav.contact'),
      href: contactHref,
      newTab: isWebLink(contactHref),
    });
  }
  // Administrators reach the Dashboard through their Admin menu instead.
  if (user !== null && !user.isAdmin) entries.push(page('my-orders', t('pages.dashboard.clientTitle'), 'Dashboard'));
  return entries;
}

/** The Admin menu of SPEC §2, in its order, with the catalogue key of each label. */
const adminPagesBeforeContent = [
  ['Dashboard', 'pages.dashboard.adminTitle'],
  ['RobotManagement', 'admin.robotManagement.title'],
  ['CategoryManagement', 'admin.categoryManagement.title'],
  ['FAQManagement', 'admin.faqManagement.title'],
] as const satisfies readonly (readonly [PageName, string])[];
const adminPagesAfterContent = [
  ['HeroBannerManagement', 'admin.heroBannerManagement.title'],
  ['UserManagement', 'admin.userManagement.title'],
  ['LicenceManagement', 'adminLicences.title'],
  ['NewsletterManagement', 'admin.newsletterManagement.title'],
  ['Settings', 'admin.settings.title'],
  ['Activity', 'backOffice.activity.title'],
] as const satisfies readonly (readonly [PageName, string])[];

/** The Admin menu's entries; empty for anyone but an administrator. */
export function useAdminNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user?.isAdmin) return [];
  // One entry per editable page of the slug list: the spec's two, and any page added to it.
  const contentPages = CONTENT_PAGE_SLUGS.map((slug): NavEntry => {
    const href = managementPathOf(slug);
    const label =
      slug === 'copy_trade'
        ? t('admin.copyTradeManagement.title')
        : slug === 'update'
          ? t('admin.updateManagement.title')
          : t('backOffice.pages.menuEntry', {
              name: t(
                [
                  `backOffice.pages.names.${slug}`,
                  `legal.titles.${slug}`,
                ] as unknown as 'backOffice.pages.names.copy_trade',
                { defaultValue: humanizeSlug(slug) },
              ),
            });
    return { kind: 'page', id: `admin-page-${slug}`, label, page: resolvePage(href), href };
  });
  return [
    ...adminPagesBeforeContent.map(([name, labelKey]) => page(`admin-${name}`, t(labelKey), name)),
    ...contentPages,
    ...adminPagesAfterContent.map(([name, labelKey]) => page(`admin-${name}`, t(labelKey), name)),
  ];
}
