import { Check } from 'lucide-react';
import { useId } from 'react';
import { useLocalizedList } from '../../../lib/use-localized';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { StatRow } from './stat-list';

/** Trading pair and exchange with the spec's defaults when the robot names none, and its features. */
export function TechnicalSpecs({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const headingId = useId();
  // The features in the reader's language, else the shop's (issue 19 §2).
  const features = useLocalizedList()(robot.features)
    .map((feature) => feature.trim())
    .filter((feature) => feature !== '');
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {t('robotDetail.specs.heading')}
      </h2>
      <dl className="mt-3">
        <StatRow label={t('robotDetail.specs.tradingPair')}>
          {robot.trading_pair?.trim() || t('robotDetail.specs.defaultPair')}
        </StatRow>
        <StatRow label={t('robotDetail.specs.exchange')}>
          {robot.exchange?.trim() || t('robotDetail.specs.defaultExchange')}
        </StatRow>
      </dl>
      <h3 className="mt-5 text-sm font-semibold tracking-wide text-slate-400 uppercase">
        {t('robotDetail.specs.features')}
      </h3>
      {features.length === 0 ? (
        <p className="mt-2 text-slate-300">{t('common.noValue')}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {features.map((feature, index) => (
            <li key={`${index}-${feature}`} className="flex items-start gap-2 text-slate-200">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
