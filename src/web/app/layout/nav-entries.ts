import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { isWebLink, safeExternalHref } from '../../lib/safe-href';
import { pagePath, type PageName } from '../resolve-page';

export type NavEntry =
  /** A page of this app, navigated client-side. */
  | { kind: 'page'; id: string; label: string; page: PageName; href: string }
  /** A document the server renders (full page load), or an outside address. */
  | { kind: 'document'; id: string; label: string; href: string; newTab: boolean };

/** The header's entries (SPEC §2), shared by the desktop bar and the mobile menu. */
export function useNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const contactHref = safeExternalHref(usePublicSettings().data?.contact_url);

  const page = (id: string, label: string, name: PageName): NavEntry => ({ kind: 'page', id, label, page: name, href: pagePath(name) });
  const entries: NavEntry[] = [
    page('catalog', t('nav.catalog'), 'Home'),
    page('faq', t('nav.faq'), 'FAQ'),
    page('copy-trade', t('nav.copyTrade'), 'CopyTrade'),
    page('update', t('nav.update'), 'Update'),
    { kind: 'document', id: 'our-products', label: t('nav.ourProducts'), href: '/product.html', newTab: false },
  ];
  if (contactHref !== null) {
    entries.push({ kind: 'document', id: 'contact', label: t('nav.contact'), href: contactHref, newTab: isWebLink(contactHref) });
  }
  return entries;
}
