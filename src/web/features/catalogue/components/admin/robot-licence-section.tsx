import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../../lib/use-translation';
import type { Robot } from '../../../../../shared/schemas/catalogue.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { CheckboxField, TextInputField } from '../../../../components/admin/form-fields';
import { withToasts } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { useRobotLicence, useRotateEaSecret } from '../../api/admin/robot-licence';

/** The licence fields of the robot form (decision 0017); the form's values are the robot's. */
type LicenceForm = {
  licence_required?: boolean;
  licence_real_slots?: number;
  licence_demo_slots?: number;
  licence_duration_days?: number | null;
  trial_days?: number | null;
};

/**
 * The robot's Licence section: whether a paid order gets a licence key, its slots and duration,
 * and, once the robot requires a licence, what the owner compiles into the robot.
 */
export function RobotLicenceSection({ robot }: { robot: Robot | null }) {
  const { t } = useTranslation();
  const required = useFormContext<LicenceForm>().watch('licence_required');
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-800 p-4 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-300">{t('backOffice.robots.licence.legend')}</legend>
      <CheckboxField<LicenceForm>
        name="licence_required"
        label={t('backOffice.robots.licence.required')}
        hint={t('backOffice.robots.licence.requiredHint')}
        className="sm:col-span-3"
      />
      {required && (
        <>
          <TextInputField<LicenceForm>
            name="licence_real_slots"
            type="number"
            numeric
            label={t('backOffice.robots.licence.realSlots')}
            invalidMessage={t('backOffice.robots.licence.slotsInvalid')}
          />
          <TextInputField<LicenceForm>
            name="licence_demo_slots"
            type="number"
            numeric
            label={t('backOffice.robots.licence.demoSlots')}
            invalidMessage={t('backOffice.robots.licence.slotsInvalid')}
          />
          <TextInputField<LicenceForm>
            name="licence_duration_days"
            type="number"
            numeric
            label={t('backOffice.robots.licence.duration')}
            hint={t('backOffice.robots.licence.durationHint')}
            invalidMessage={t('backOffice.robots.licence.durationInvalid')}
          />
          {/* A free trial is a demo-only licence (decision 0020): only a licensed robot offers one. */}
          <TextInputField<LicenceForm>
            name="trial_days"
            type="number"
            numeric
            label={t('trials.admin.days')}
            hint={t('trials.admin.daysHint')}
            invalidMessage={t('trials.admin.daysInvalid')}
            className="sm:col-span-3"
          />
          {robot?.licence_required ? (
            <RobotLicenceSecretPanel robotId={robot.id} />
          ) : (
            <p className="text-sm text-slate-400 sm:col-span-3">{t('backOffice.robots.licence.saveFirst')}</p>
          )}
        </>
      )}
    </fieldset>
  );
}

/** What the robot is built with: the API address, its id and its EA secret (rotatable). */
function RobotLicenceSecretPanel({ robotId }: { robotId: string }) {
  const { t } = useTranslation();
  const licence = useRobotLicence(robotId, true);
  const rotate = useRotateEaSecret(robotId);
  const [confirming, setConfirming] = useState(false);
  if (!licence.data) {
    return (
      <p className="text-sm text-slate-400 sm:col-span-3" role="status">
        {licence.isError ? t('backOffice.robots.licence.loadFailed') : t('backOffice.robots.licence.loading')}
      </p>
    );
  }
  const values: [string, string][] = [
    [t('backOffice.robots.licence.apiUrl'), licence.data.api_url],
    [t('backOffice.robots.licence.robotId'), licence.data.robot_id],
    [t('backOffice.robots.licence.eaSecret'), licence.data.ea_secret ?? ''],
  ];
  return (
    <section className="flex flex-col gap-3 sm:col-span-3" aria-label={t('backOffice.robots.licence.secretTitle')}>
      <p className="text-sm text-slate-400">{t('backOffice.robots.licence.secretHint')}</p>
      <dl className="grid gap-2 text-sm">
        {values.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="font-mono break-all text-slate-100 select-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <button type="button" className={buttonClass('secondary')} onClick={() => setConfirming(true)}>
          {t('backOffice.robots.licence.rotate')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('backOffice.robots.licence.rotateTitle')}
        message={t('backOffice.robots.licence.rotateConfirm')}
        confirmLabel={t('backOffice.robots.licence.rotate')}
        onConfirm={() =>
          withToasts(
            rotate.mutateAsync(),
            t('backOffice.robots.licence.rotated'),
            t('backOffice.robots.licence.rotateFailed'),
          )
        }
      />
    </section>
  );
}
