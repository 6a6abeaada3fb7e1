import { memo, useId } from 'react';
import { RichText } from '../../../components/ui/rich-text';
import { useLocalized } from '../../../lib/use-localized';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { TechnicalSpecs } from './technical-specs';
import { TrackRecordSection } from './track-record-section';

/**
 * The description, the specifications and the track record: they depend on the robot only, so the
 * session's answer (which re-renders the order card) does not render them again.
 */
export const LongRead = memo(function LongRead({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  // The description in the reader's language, else the shop's (issue 19 §2).
  const localized = useLocalized();
  const descriptionId = useId();
  return (
    <>
      <section aria-labelledby={descriptionId} className="rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
        <h2 id={descriptionId} className="text-xl font-semibold text-white">
          {t('robotDetail.description')}
        </h2>
        <RichText
          html={localized(robot.description)}
          className="mt-4"
          fallback={<p className="mt-4 text-slate-300">{t('common.noValue')}</p>}
        />
      </section>
      <TechnicalSpecs robot={robot} />
      {/* The whole width: its chart, figures and monthly table need it. */}
      <TrackRecordSection robot={robot} className="lg:col-span-2" />
    </>
  );
});
