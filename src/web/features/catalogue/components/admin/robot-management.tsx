import { useTranslation } from '../../../../lib/use-translation';
import { z } from 'zod';
import { categoriesResource, robotsResource } from '../../../../../shared/admin-resources.js';
import { slugFromName } from '../../../../../shared/robot-slug.js';
import {
  riskLevelSchema,
  robotDeliverySchema,
  robotInputSchema,
  robotStatusSchema,
  type Robot,
} from '../../../../../shared/schemas/catalogue.js';
import { useAdminList } from '../../../../components/admin/admin-resource';
import { SelectField, TextAreaField, TextInputField } from '../../../../components/admin/form-fields';
import { ImageUploadField } from '../../../../components/admin/image-upload-field';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { ResourceManagement } from '../../../../components/admin/resource-management';
import { RichTextField } from '../../../../components/admin/rich-text-field';
import { errorCodeOf } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { formatDecimal, formatPercent, formatSignedDecimal, formatUsd } from '../../../../lib/format-number';
import { useLocalized, useSortByLocalized } from '../../../../lib/use-localized';
import { RobotLicenceSection } from './robot-licence-section';
import { RobotReleasesSection } from './robot-releases-section';
import { RobotTrackRecordSection } from './robot-track-record-section';

/** A feature list typed one per line. */
const featureLines = z.string().transform((text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
);

/**
 * The form's shape: the server's robot schema, with each language's feature list typed one per
 * line (issue 19 §2) and the legacy figures as typed (the schema turns anything that is not a
 * number into 0, SPEC §5).
 */
const robotFormSchema = robotInputSchema.extend({
  features: z.object({ en: featureLines, fr: featureLines }),
  // An empty field means a licence for life: null, which the PATCH then writes.
  licence_duration_days: robotInputSchema.shape.licence_duration_days.transform((days) => days ?? null),
  // An empty field means no free trial (decision 0020).
  trial_days: robotInputSchema.shape.trial_days.transform((days) => days ?? null),
});
type RobotForm = z.input<typeof robotFormSchema>;

const LEGACY_FIGURES = ['performance_estimate', 'target_profit', 'weekly_pnl', 'monthly_pnl'] as const;

function formValues(robot: Robot | null, firstCategory: string | null): RobotForm {
  return {
    name: robot?.name ?? '',
    slug: robot?.slug ?? '',
    price: robot?.price ?? (undefined as unknown as number),
    description: robot?.description ?? { en: '', fr: '' },
    image_url: robot?.image_url ?? null,
    category: robot ? robot.category : firstCategory,
    risk_level: robot?.risk_level ?? 'medium',
    trading_pair: robot?.trading_pair ?? '',
    exchange: robot?.exchange ?? '',
    features: { en: (robot?.features.en ?? []).join('\n'), fr: (robot?.features.fr ?? []).join('\n') },
    performance_estimate: String(robot?.performance_estimate ?? 0),
    target_profit: String(robot?.target_profit ?? 0),
    weekly_pnl: String(robot?.weekly_pnl ?? 0),
    monthly_pnl: String(robot?.monthly_pnl ?? 0),
    status: robot?.status ?? 'active',
    licence_required: robot?.licence_required ?? false,
    licence_real_slots: robot?.licence_real_slots ?? 1,
    licence_demo_slots: robot?.licence_demo_slots ?? 2,
    licence_duration_days: robot?.licence_duration_days ?? null,
    trial_days: robot?.trial_days ?? null,
    delivery: robot?.delivery ?? 'per_order',
    verified_record_url: robot?.verified_record_url ?? '',
  };
}

/** Robot management (SPEC §2, in French in the spec): table, dialog with every field, live stats. */
export function RobotManagement() {
  const { t, i18n } = useTranslation();
  const show = useLocalized();
  const sortByLocalized = useSortByLocalized();
  const categories = useAdminList(categoriesResource);
  // Category names in the administrator's language (issue 19 §2), the choices in its alphabetical order.
  const activeCategories = sortByLocalized(
    (categories.data ?? []).filter((category) => category.active),
    (category) => category.name,
  );
  const categoryName = (key: string | null) => {
    const category = (categories.data ?? []).find((candidate) => candidate.key === key);
    return category ? show(category.name) : (key ?? t('common.noValue'));
  };

  return (
    <ResourceManagement
      resource={robotsResource}
      texts="robots"
      label={t('admin.robotManagement.title')}
      searchable
      columns={(standard) => [
        standard.name(t('backOffice.robots.name')),
        {
          id: 'category',
          header: t('backOffice.robots.category'),
          value: (robot) => categoryName(robot.category),
          cell: (robot) => categoryName(robot.category),
        },
        {
          id: 'price',
          header: t('backOffice.robots.price'),
          value: (robot) => robot.price,
          cell: (robot) => formatUsd(robot.price, i18n.language),
          className: 'whitespace-nowrap tabular-nums',
        },
        {
          id: 'status',
          header: t('backOffice.status.header'),
          value: (robot) => robot.status,
          cell: (robot) => (
            <span
              className={
                robot.status === 'active'
                  ? 'rounded-full bg-emerald-950/60 px-2.5 py-1 text-xs font-semibold text-emerald-300'
                  : 'rounded-full bg-slate-800 px-2.5 py-1 text-xs font-semibold text-slate-400'
              }
            >
              {t(`backOffice.robots.statuses.${robot.status}`)}
            </span>
          ),
        },
      ]}
      schema={robotFormSchema}
      values={(robot) => formValues(robot, activeCategories[0]?.key ?? null)}
      busyLabel={t('backOffice.uploadingImage')}
      fields={(form, { record, onBusyChange }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInputField<RobotForm>
              name="name"
              label={t('backOffice.robots.nameRequired')}
              invalidMessage={t('backOffice.form.required')}
            />
            <TextInputField<RobotForm>
              name="price"
              type="number"
              numeric
              inputMode="decimal"
              label={t('backOffice.robots.priceUsd')}
              invalidMessage={t('backOffice.robots.priceInvalid')}
            />
          </div>
          <TextInputField<RobotForm>
            name="slug"
            label={t('backOffice.robots.slug')}
            hint={t('backOffice.robots.slugHint')}
            invalidMessage={t('backOffice.robots.slugInvalid')}
            // What an empty field would give (the server adds -2, -3… if another robot has it).
            placeholder={slugFromName(form.watch('name') ?? '')}
            autoComplete="off"
          />
          {/* The robot's texts in each language (issue 19 §2). */}
          <LanguageTabs<RobotForm> fields={['description', 'features']}>
            {(language, labelIn) => (
              <>
                <RichTextField<RobotForm>
                  name={`description.${language}`}
                  label={labelIn(t('backOffice.robots.description'))}
                />
                <TextAreaField<RobotForm>
                  name={`features.${language}`}
                  label={labelIn(t('backOffice.robots.features'))}
                  hint={t('backOffice.robots.featuresHint')}
                  rows={4}
                />
              </>
            )}
          </LanguageTabs>
          <ImageUploadField<RobotForm>
            name="image_url"
            kind="robot"
            label={t('backOffice.robots.image')}
            hint={t('backOffice.robots.imageHint')}
            onBusyChange={onBusyChange}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField<RobotForm>
              name="category"
              label={t('backOffice.robots.category')}
              options={[
                ...(record?.category && !activeCategories.some((category) => category.key === record.category)
                  ? [{ value: record.category, label: categoryName(record.category) }]
                  : []),
                ...activeCategories.map((category) => ({ value: category.key, label: show(category.name) })),
              ]}
            />
            <SelectField<RobotForm>
              name="risk_level"
              label={t('backOffice.robots.risk')}
              options={riskLevelSchema.options.map((level) => ({ value: level, label: t(`risk.${level}`) }))}
            />
            <TextInputField<RobotForm> name="trading_pair" label={t('backOffice.robots.tradingPair')} />
            <TextInputField<RobotForm> name="exchange" label={t('backOffice.robots.exchange')} />
          </div>
          <fieldset className="grid gap-4 rounded-xl border border-slate-800 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-300">{t('backOffice.robots.legacy')}</legend>
            {LEGACY_FIGURES.map((figure) => (
              <TextInputField<RobotForm>
                key={figure}
                name={figure}
                inputMode="decimal"
                label={t(`backOffice.robots.figures.${figure}`)}
              />
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField<RobotForm>
              name="status"
              label={t('backOffice.status.header')}
              options={robotStatusSchema.options.map((status) => ({
                value: status,
                label: t(`backOffice.robots.statuses.${status}`),
              }))}
            />
            <SelectField<RobotForm>
              name="delivery"
              label={t('backOffice.robots.delivery.label')}
              hint={t('backOffice.robots.delivery.hint')}
              options={robotDeliverySchema.options.map((delivery) => ({
                value: delivery,
                label: t(`backOffice.robots.delivery.${delivery}`),
              }))}
            />
          </div>
          <RobotLicenceSection robot={record} />
          <RobotReleasesSection robot={record} />
          <LiveStats robot={record} />
          <RobotTrackRecordSection robot={record} />
        </>
      )}
      failures={{
        save: (error, values) => {
          const code = errorCodeOf(error);
          if (code === 'duplicate_slug') return t('backOffice.robots.duplicateSlug', { slug: values.slug });
          // Decision 0018: automatic delivery sends the current release, so a robot for sale needs one.
          if (code === 'release_required') return t('backOffice.robots.delivery.needsRelease');
          // Decision 0020: a free trial needs the licence and automatic delivery.
          if (code === 'trial_not_allowed') return t('trials.admin.notAllowed');
          return t('backOffice.saveFailed');
        },
        remove: () => t('backOffice.robots.deleteFailed'),
      }}
    />
  );
}

/** The figures the stats workflow reports (SPEC §2): read-only here. */
function LiveStats({ robot }: { robot: Robot | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const missing = t('common.noValue');
  const hasStats =
    robot !== null &&
    [robot.winrate, robot.balance, robot.profit, robot.profit_factor, robot.monthly, robot.floating].some(
      (value) => value !== null,
    );
  return (
    <section aria-labelledby="robot-live-stats" className="rounded-xl border border-slate-800 bg-slate-950/60 p-4">
      <h3 id="robot-live-stats" className="text-sm font-semibold text-slate-200">
        {t('backOffice.robots.liveStats')}
      </h3>
      {!hasStats ? (
        <p className="mt-2 text-sm text-slate-400">{t('backOffice.robots.noStats')}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          {(
            [
              ['winrate', formatPercent(robot.winrate, locale)],
              ['balance', formatDecimal(robot.balance, locale)],
              ['profit', formatDecimal(robot.profit, locale)],
              ['profit_factor', formatDecimal(robot.profit_factor, locale)],
              ['monthly', formatDecimal(robot.monthly, locale)],
              ['floating', formatSignedDecimal(robot.floating, locale)],
              ['last_stats_update', formatDateTime(robot.last_stats_update, locale)],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs text-slate-400">{t(`backOffice.robots.stats.${key}`)}</dt>
              <dd className="font-medium text-slate-100 tabular-nums">{value ?? missing}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
