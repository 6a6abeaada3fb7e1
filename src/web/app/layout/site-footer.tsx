import { useTranslation } from '../../lib/use-translation';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { Link } from '../../lib/router';
import { contentPageNames, LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import { pagePath } from '../../../shared/pages.js';
import { DEFAULT_SITE_NAME } from '../../../shared/constants.js';

export function SiteFooter() {
  const { t } = useTranslation();
  const name = usePublicSettings().data?.site_name || DEFAULT_SITE_NAME;
  return (
    <footer className="border-t border-slate-800 bg-slate-900/40">
      {/* The bottom padding keeps the last line clear of the floating chat button. */}
      <div className="page-container grid gap-8 pt-10 pb-24 md:grid-cols-2 md:items-end">
        <NewsletterForm />
        <div className="flex flex-col gap-3 md:items-end">
          <nav aria-label={t('legal.footerLabel')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm md:justify-end">
              {LEGAL_PAGE_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link
                    to={pagePath(contentPageNames[slug])}
                    className="inline-block py-1.5 text-slate-300 underline-offset-4 hover:text-white hover:underline"
                  >
                    {t(`legal.titles.${slug}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-slate-400 md:text-right">
            {t('footer.copyright', { year: new Date().getFullYear(), name })}
          </p>
        </div>
      </div>
    </footer>
  );
}
