import { useTranslation } from '../../../../lib/use-translation';
import type { CampaignSummary } from '../../../../../shared/schemas/newsletter.js';
import { Alert } from '../../../../components/ui/alert';
import { formatDateTime } from '../../../../lib/format-date';
import { useCampaigns } from '../../api/admin/get-campaigns';

/** Sent newsletters, newest first; a campaign being sent by email shows its progress live. */
export function CampaignsPanel() {
  const { t } = useTranslation();
  const campaigns = useCampaigns();
  return (
    <section aria-labelledby="newsletter-campaigns" className="mt-10">
      <h2 id="newsletter-campaigns" className="text-xl font-bold text-white">
        {t('newsletterManagement.campaigns.title')}
      </h2>
      {campaigns.isError ? (
        <Alert tone="error" className="mt-4">
          {t('backOffice.table.loadError')}
        </Alert>
      ) : campaigns.data?.length === 0 ? (
        <p className="mt-4 text-slate-400">{t('newsletterManagement.campaigns.empty')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {campaigns.data?.map((campaign) => (
            <CampaignItem key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CampaignItem({ campaign }: { campaign: CampaignSummary }) {
  const { t, i18n } = useTranslation();
  const done = campaign.sent + campaign.failed + campaign.skipped;
  const percent = campaign.recipients > 0 ? Math.round((100 * done) / campaign.recipients) : 100;
  return (
    <li className="rounded-xl border border-slate-800 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words text-white">{campaign.title}</p>
        <p className="text-sm text-slate-400">
          {t(`newsletterManagement.campaigns.status.${campaign.status}`)} ·{' '}
          {t(`newsletterManagement.campaigns.channel.${campaign.channel}`)} ·{' '}
          {formatDateTime(campaign.created_date, i18n.language)}
        </p>
      </div>
      {campaign.status === 'sending' && (
        <progress
          max={campaign.recipients}
          value={done}
          aria-label={t('newsletterManagement.campaigns.progress', { percent })}
          className="mt-3 h-2 w-full accent-emerald-500"
        >
          {percent} %
        </progress>
      )}
      <p className="mt-2 text-sm text-slate-300">
        {t('newsletterManagement.campaigns.counts', {
          recipients: campaign.recipients,
          sent: campaign.sent,
          failed: campaign.failed,
          remaining: campaign.remaining,
        })}
        {campaign.skipped > 0 && ` ${t('newsletterManagement.campaigns.skipped', { count: campaign.skipped })}`}
      </p>
      {campaign.error && <p className="mt-1 text-sm break-words text-red-300">{campaign.error}</p>}
    </li>
  );
}
