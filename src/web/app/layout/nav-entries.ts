import { useTranslation } from '../../lib/use-translation';
import { useSignedInUser } from '../../features/auth/use-current-user';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { isWebLink, safeExternalHref } from '../../lib/safe-href';
import { adminNavigation } from './admin-navigation';
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
  const user = useSignedInUser();

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

/** The Admin menu's entries (the back office's one list, admin-navigation.ts); empty for anyone but an administrator. */
export function useAdminNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user?.isAdmin) return [];
  return adminNavigation.map((item): NavEntry => ({
    kind: 'page',
    id: `admin-${item.href}`,
    label: item.label(t),
    page: resolvePage(item.href),
    href: item.href,
  }));
}
