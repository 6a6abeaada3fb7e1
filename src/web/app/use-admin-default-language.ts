import { useEffect } from 'react';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { applyAdminDefaultLanguage } from '../lib/i18n';

/**
 * When the page shell did not embed the settings, the administrator's default language is only
 * known once they load; this applies it then (a visitor's own choice still wins).
 */
export function useAdminDefaultLanguage(): void {
  const adminDefault = usePublicSettings().data?.default_language;
  useEffect(() => {
    if (adminDefault !== undefined) applyAdminDefaultLanguage(adminDefault);
  }, [adminDefault]);
}
