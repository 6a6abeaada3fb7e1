import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';

/** The administrator's logo when one is set, otherwise the product name as a word mark. */
export function SiteLogo() {
  const { t } = useTranslation();
  const settings = usePublicSettings().data;
  const logoUrl = settings?.site_logo_url.trim() ?? '';
  // SPEC §2: the logo's alt text is the SEO title setting.
  const altText = settings?.seo_title.trim() || t('brand.name');

  if (logoUrl !== '') {
    return (
      <Link to="/" className="flex shrink-0 items-center rounded-md">
        {/* Fixed height reserves the header's space; the width follows the logo's own proportions. */}
        <img src={logoUrl} alt={altText} height={36} className="h-9 w-auto max-w-44 object-contain" />
      </Link>
    );
  }
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md">
      <Bot aria-hidden="true" className="size-7 text-emerald-400" />
      <span className="text-lg font-bold tracking-tight text-white">{t('brand.name')}</span>
    </Link>
  );
}
