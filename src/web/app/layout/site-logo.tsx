import { Bot } from 'lucide-react';
import { Link } from '../../lib/router';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { DEFAULT_SITE_NAME } from '../../../shared/constants.js';

/**
 * The shop's name, beside the administrator's logo when one is set (issue 19 §1), else beside a
 * robot mark. The name is the link's text, so the logo beside it is decorative (empty alt). On a
 * phone a long name gives way (truncated) before the header's buttons do.
 */
export function SiteLogo() {
  const settings = usePublicSettings().data;
  const logoUrl = settings?.site_logo_url.trim() ?? '';
  const name = settings?.site_name || DEFAULT_SITE_NAME;
  return (
    <Link to="/" title={name} className="flex min-w-0 shrink items-center gap-2 rounded-md">
      {logoUrl !== '' ? (
        // Fixed height reserves the header's space; the width follows the logo's own proportions.
        <img src={logoUrl} alt="" height={36} className="h-9 w-auto max-w-20 shrink-0 object-contain sm:max-w-44" />
      ) : (
        <Bot aria-hidden="true" className="size-7 shrink-0 text-emerald-400" />
      )}
      <span className="truncate text-base font-bold tracking-tight text-white sm:text-lg">{name}</span>
    </Link>
  );
}
