import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { ROBOT_FILE_EXTENSIONS, ROBOT_FILE_MAX_BYTES } from '../../../../../shared/constants.js';
import {
  isRobotFileRefusal,
  ROBOT_ZIP_MAX_ENTRIES,
  ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES,
} from '../../../../../shared/robot-files.js';
import type { Robot } from '../../../../../shared/schemas/catalogue.js';
import { RELEASE_VERSION_PATTERN, type RobotRelease } from '../../../../../shared/schemas/releases.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { FieldFrame } from '../../../../components/admin/form-fields';
import { ProgressBar } from '../../../../components/admin/progress-bar';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { RichText } from '../../../../components/ui/rich-text';
import { ApiError, errorCodeOf } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { useCreateRobotRelease, useDeleteRobotRelease, useRobotReleases } from '../../api/admin/robot-releases';

/** Quill loads with the first editor that needs it, in its own chunk. */
const RichTextEditor = lazy(() => import('../../../../components/admin/rich-text-editor'));

const accept = ROBOT_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const inputClass = (invalid: boolean) =>
  clsx(
    'min-h-11 w-full rounded-lg border bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500 disabled:opacity-60',
    invalid ? 'border-red-500' : 'border-slate-700',
  );

/**
 * The robot's Releases section (issue 18 §1, decision 0018): upload a new version with its notes
 * and file, with a progress bar; the list with version, date, notes and file; delete one that no
 * order holds. Outside the robot form's own fields: a release is stored when it is uploaded.
 */
export function RobotReleasesSection({ robot }: { robot: Robot | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-300">{t('backOffice.robots.releases.legend')}</legend>
      <p className="text-sm text-slate-400">{t('backOffice.robots.releases.hint')}</p>
      {robot ? (
        <>
          <ReleaseUpload robotId={robot.id} />
          <ReleaseList robotId={robot.id} />
        </>
      ) : (
        <p className="text-sm text-slate-400">{t('backOffice.robots.releases.saveFirst')}</p>
      )}
    </fieldset>
  );
}

/** Why the server refused the release, in the reader's language. */
function useUploadFailure(latest: string | undefined): (error: Error, version: string) => string {
  const { t } = useTranslation();
  return (error, version) => {
    const code = errorCodeOf(error);
    if (code === 'release_version_not_newer')
      return t('backOffice.robots.releases.notNewer', { version, latest: latest ?? '' });
    const reason = error instanceof ApiError ? error.fields?.['body.file'] : undefined;
    if (code === 'robot_file_refused' && isRobotFileRefusal(reason))
      return t(`adminOrders.delivery.refused.${reason}`, {
        megabytes: ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES / (1024 * 1024),
        limit: ROBOT_ZIP_MAX_ENTRIES,
      });
    return t('backOffice.robots.releases.failed', { message: error.message });
  };
}

function ReleaseUpload({ robotId }: { robotId: string }) {
  const { t } = useTranslation();
  const versionId = useId();
  const fileId = useId();
  const releases = useRobotReleases(robotId);
  const create = useCreateRobotRelease();
  const failure = useUploadFailure(releases.data?.[0]?.version);
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [problems, setProblems] = useState<{ version?: string; file?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = () => {
    const found: { version?: string; file?: string } = {};
    if (!RELEASE_VERSION_PATTERN.test(version.trim())) found.version = t('backOffice.robots.releases.versionInvalid');
    const extension = file?.name.split('.').pop()?.toLowerCase() ?? '';
    if (!file) found.file = t('adminOrders.delivery.problems.required');
    else if (!(ROBOT_FILE_EXTENSIONS as readonly string[]).includes(extension))
      found.file = t('adminOrders.delivery.problems.type');
    else if (file.size > ROBOT_FILE_MAX_BYTES) found.file = t('adminOrders.delivery.problems.size');
    setProblems(found);
    return Object.keys(found).length === 0;
  };
  const publish = () => {
    setError(null);
    if (!check()) return;
    const typed = version.trim();
    setProgress(0);
    create.mutate(
      { robotId, version: typed, notes, file: file!, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t('backOffice.robots.releases.published', { version: typed }));
          setVersion('');
          setNotes('');
          setFile(null);
          // A new input: a file input cannot be emptied by its value.
          setFileKey((key) => key + 1);
        },
        onError: (cause) => setError(failure(cause, typed)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section
      aria-label={t('backOffice.robots.releases.newTitle')}
      className="flex flex-col gap-3 rounded-lg border border-slate-800 bg-slate-950/60 p-3"
    >
      <h3 className="text-sm font-semibold text-slate-200">{t('backOffice.robots.releases.newTitle')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id={versionId}
          label={t('backOffice.robots.releases.version')}
          hint={t('backOffice.robots.releases.versionHint')}
          error={problems.version}
        >
          <input
            id={versionId}
            value={version}
            inputMode="decimal"
            placeholder="2.1.0"
            aria-invalid={problems.version ? true : undefined}
            aria-describedby={`${versionId}-hint${problems.version ? ` ${versionId}-error` : ''}`}
            className={inputClass(Boolean(problems.version))}
            onChange={(event) => setVersion(event.target.value)}
            // Enter here publishes the release, never the robot form around it.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              publish();
            }}
          />
        </FieldFrame>
        <FieldFrame
          id={fileId}
          label={t('backOffice.robots.releases.file')}
          hint={t('adminOrders.delivery.types')}
          error={problems.file}
        >
          <input
            key={fileKey}
            id={fileId}
            type="file"
            accept={accept}
            aria-invalid={problems.file ? true : undefined}
            className="text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-slate-100"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FieldFrame>
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-200">{t('backOffice.robots.releases.notes')}</span>
        <Suspense
          fallback={
            <p className="min-h-48 rounded-lg border border-slate-700 p-3 text-slate-400">
              {t('backOffice.editor.loading')}
            </p>
          }
        >
          <RichTextEditor label={t('backOffice.robots.releases.notes')} value={notes} onChange={setNotes} />
        </Suspense>
      </div>
      {progress !== null && <ProgressBar label={t('adminOrders.delivery.progress')} fraction={progress} />}
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <button type="button" className={buttonClass('primary')} disabled={progress !== null} onClick={publish}>
          {t('backOffice.robots.releases.publish')}
        </button>
      </div>
    </section>
  );
}

function ReleaseList({ robotId }: { robotId: string }) {
  const { t, i18n } = useTranslation();
  const releases = useRobotReleases(robotId);
  const remove = useDeleteRobotRelease();
  const [deleting, setDeleting] = useState<RobotRelease | null>(null);
  const megabytes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  });

  if (!releases.data)
    return (
      <p role="status" className="text-sm text-slate-400">
        {releases.isError ? t('backOffice.robots.releases.loadFailed') : t('backOffice.robots.releases.loading')}
      </p>
    );
  if (releases.data.length === 0)
    return <p className="text-sm text-slate-400">{t('backOffice.robots.releases.empty')}</p>;
  const deleteFailure = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'release_in_use') return t('backOffice.robots.releases.inUse');
    if (code === 'release_required') return t('backOffice.robots.releases.lastOfAutomatic');
    return t('backOffice.robots.releases.deleteFailed');
  };

  return (
    <>
      <ol className="flex flex-col gap-3" aria-label={t('backOffice.robots.releases.listLabel')}>
        {releases.data.map((release) => (
          <li key={release.id} className="rounded-lg border border-slate-800 p-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-white">
                  {t('backOffice.robots.releases.versionLabel', { version: release.version })}
                  {release.current && (
                    <span className="ml-2 rounded-full bg-emerald-950/60 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                      {t('backOffice.robots.releases.current')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-400">
                  {formatDateTime(release.released_at, i18n.language)} · {release.file_name} (
                  {megabytes.format(release.file_size / (1024 * 1024))}) ·{' '}
                  {t('backOffice.robots.releases.orders', { count: release.orders })}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('secondary', 'h-9 px-3 text-xs')}
                disabled={release.orders > 0}
                title={release.orders > 0 ? t('backOffice.robots.releases.inUse') : undefined}
                aria-label={t('backOffice.robots.releases.delete', { version: release.version })}
                onClick={() => setDeleting(release)}
              >
                <Trash2 aria-hidden="true" className="size-4 text-red-300" />
              </button>
            </div>
            <RichText html={release.notes} className="mt-2 text-sm leading-6" />
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('backOffice.robots.releases.deleteTitle')}
        message={t('backOffice.robots.releases.deleteConfirm', { version: deleting?.version ?? '' })}
        confirmLabel={t('backOffice.robots.releases.deleteAction')}
        onConfirm={() =>
          remove.mutateAsync({ robotId, releaseId: deleting!.id }).then(
            () => notifySuccess(t('backOffice.robots.releases.deleted', { version: deleting!.version })),
            (error: unknown) => {
              notifyFailure(deleteFailure(error), error);
              throw error;
            },
          )
        }
      />
    </>
  );
}
