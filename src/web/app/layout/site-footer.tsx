import { useTranslation } from 'react-i18next';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-800 bg-slate-900/40">
      <div className="page-container grid gap-8 py-10 md:grid-cols-2 md:items-end">
        <NewsletterForm />
        <p className="text-sm text-slate-400 md:text-right">
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('brand.name') })}
        </p>
      </div>
    </footer>
  );
}
