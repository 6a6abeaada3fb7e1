import { useTranslation } from 'react-i18next';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-800 bg-slate-900/40">
      {/* The bottom padding keeps the last line clear of the floating chat button. */}
      <div className="page-container grid gap-8 pt-10 pb-24 md:grid-cols-2 md:items-end">
        <NewsletterForm />
        <p className="text-sm text-slate-400 md:text-right">
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('brand.name') })}
        </p>
      </div>
    </footer>
  );
}
