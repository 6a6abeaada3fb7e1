import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { ROBOT_FILE_EXTENSIONS, ROBOT_FILE_MAX_BYTES } from '../../../../../shared/constants.js';
import { shortOrderNumber } from '../../../../../shared/order-number.js';
import {
  isRobotFileRefusal,
  ROBOT_ZIP_MAX_ENTRIES,
  ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES,
} from '../../../../../shared/robot-files.js';
import type { AdminOrder } from '../../../../../shared/schemas/orders.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { ProgressBar } from '../../../../components/admin/progress-bar';
import { notifySuccess } from '../../../../components/admin/toasts';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { ApiError, errorCodeOf } from '../../../../lib/api-client';
import { useDeliverOrderFile } from '../../api/admin/change-orders';

const accept = ROBOT_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** What is wrong with a chosen file before sending it (the server checks again while streaming). */
function fileProblem(file: File | null): 'required' | 'type' | 'size' | null {
  if (!file) return 'required';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ROBOT_FILE_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (file.size > ROBOT_FILE_MAX_BYTES) return 'size';
  return null;
}

/** Why the server refused the file's content, in the reader's language; null for any other failure. */
function useRefusalMessage(): (error: Error) => string | null {
  const { t } = useTranslation();
  return (error) => {
    const reason = error instanceof ApiError ? error.fields?.['body.file'] : undefined;
    if (errorCodeOf(error) !== 'robot_file_refused' || !isRobotFileRefusal(reason)) return null;
    return t(`adminOrders.delivery.refused.${reason}`, {
      megabytes: ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES / (1024 * 1024),
      limit: ROBOT_ZIP_MAX_ENTRIES,
    });
  };
}

/** SPEC §2's delivery dialog: drop zone, the accepted types, 50 MB, and a real progress bar. */
export function DeliveryDialog({
  order,
  onOpenChange,
}: {
  order: AdminOrder | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const deliver = useDeliverOrderFile();
  const refusal = useRefusalMessage();

  const close = (open: boolean) => {
    if (open || progress !== null) return;
    setFile(null);
    setProblem(null);
    deliver.reset();
    onOpenChange(false);
  };
  // Checked as soon as a file is chosen or dropped (the drop zone takes any file), so a wrong one
  // is named at once instead of after "Confirm and deliver".
  const choose = (chosen: File | null) => {
    setFile(chosen);
    const found = chosen ? fileProblem(chosen) : null;
    setProblem(found ? t(`adminOrders.delivery.problems.${found}`) : null);
    deliver.reset();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };
  const confirm = () => {
    if (!order) return;
    const found = fileProblem(file);
    if (found) {
      setProblem(t(`adminOrders.delivery.problems.${found}`));
      return;
    }
    setProgress(0);
    deliver.mutate(
      { id: order.id, file: file!, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t('adminOrders.delivery.done', { number: shortOrderNumber(order.id) }));
          setProgress(null);
          close(false);
        },
        onError: () => setProgress(null),
      },
    );
  };

  return (
    <AdminDialog
      open={order !== null}
      onOpenChange={close}
      title={t('adminOrders.delivery.title', { number: order ? shortOrderNumber(order.id) : '' })}
      description={
        order?.has_file
          ? t('adminOrders.delivery.newVersionDescription', { next: order.versions.length + 1 })
          : t('adminOrders.delivery.description')
      }
    >
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-8 text-center ${dragging ? 'border-emerald-400 bg-emerald-950/30' : 'border-slate-700 hover:border-slate-500'}`}
      >
        <FileUp aria-hidden="true" className="size-8 text-emerald-400" />
        <span className="font-medium text-white">{file ? file.name : t('adminOrders.delivery.drop')}</span>
        <span className="text-sm text-slate-400">{t('adminOrders.delivery.types')}</span>
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {progress !== null && <ProgressBar label={t('adminOrders.delivery.progress')} fraction={progress} />}
      {problem && <Alert tone="error">{problem}</Alert>}
      {deliver.error && (
        <Alert tone="error">
          {t('adminOrders.delivery.failed', { message: refusal(deliver.error) ?? deliver.error.message })}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => close(false)}
          disabled={progress !== null}
          className={buttonClass('secondary')}
        >
          {t('adminOrders.delivery.cancel')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={progress !== null || fileProblem(file) !== null}
          className={buttonClass('primary')}
        >
          {t('adminOrders.delivery.confirm')}
        </button>
      </div>
    </AdminDialog>
  );
}
