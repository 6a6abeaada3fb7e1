import { ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { acceptOf, imageKinds, imageTypes, type ImageKind } from '../../../shared/image-types.js';
import { ApiError } from '../../lib/api-client';
import { buttonClass } from '../ui/button-classes';
import { FieldFrame } from './form-fields';
import { uploadImage } from './upload-image';
import { ProgressBar } from './progress-bar';

type ImageUploadFieldProps<T extends FieldValues> = {
  /** The form field holding the image's address. */
  name: Path<T>;
  label: string;
  kind: ImageKind;
  /** e.g. "Recommended: 32x32". */
  hint?: string;
  /** Lets the address be typed too (banners, settings) rather than only uploaded. */
  allowAddress?: boolean;
  /** Tells the dialog an upload is under way, so it waits before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** The message of a failed upload, e.g. SPEC §8's "Error uploading logo: …". */
  failureMessage?: (message: string) => string;
};

/**
 * An image chosen from the computer: checked (type, 10 MB) before sending, shown at once from the
 * local file, uploaded with a real progress bar, and its stored address put in the form.
 */
export function ImageUploadField<T extends FieldValues>({
  name,
  label,
  kind,
  hint,
  allowAddress = false,
  onBusyChange,
  failureMessage,
}: ImageUploadFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { control } = useFormContext<T>();
  const { field } = useController({ name, control });
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function choose(file: File) {
    setError(null);
    const allowed = imageKinds[kind].map((type) => imageTypes[type].mime as string);
    if (!allowed.includes(file.type)) return setError(t('backOffice.upload.wrongType'));
    if (file.size > IMAGE_MAX_BYTES) return setError(t('backOffice.upload.tooLarge'));
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onBusyChange?.(true);
    try {
      field.onChange(await uploadImage(file, kind, setProgress));
    } catch (failure) {
      setPreview(null);
      if (failure instanceof ApiError && failure.status === 415) setError(t('backOffice.upload.wrongType'));
      else if (failure instanceof ApiError && failure.status === 413) setError(t('backOffice.upload.tooLarge'));
      else {
        const message = failure instanceof Error ? failure.message : String(failure);
        setError(failureMessage ? failureMessage(message) : t('backOffice.upload.failed', { message }));
      }
    } finally {
      setProgress(null);
      onBusyChange?.(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const shown = preview ?? (value || null);
  return (
    <FieldFrame id={id} label={label} error={error ?? undefined} hint={hint}>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-700 bg-slate-950">
          {shown ? (
            <img src={shown} alt={t('backOffice.upload.preview')} className="size-full object-contain" />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-slate-600" />
          )}
        </div>
        {/* Below 15rem beside the preview (a phone's form card), the button and address go under it at full width. */}
        <div className="flex min-w-0 flex-1 basis-60 flex-col gap-2">
          <input
            ref={fileInput}
            id={id}
            type="file"
            accept={acceptOf(kind)}
            className="sr-only"
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void choose(file);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={progress !== null}
              onClick={() => fileInput.current?.click()}
              className={buttonClass('secondary')}
            >
              {t('backOffice.upload.choose')}
            </button>
            {value && progress === null && (
              <button
                type="button"
                onClick={() => field.onChange(allowAddress ? '' : null)}
                className={buttonClass('secondary')}
              >
                {t('backOffice.upload.remove')}
              </button>
            )}
          </div>
          {progress !== null && <ProgressBar label={t('backOffice.upload.progress')} fraction={progress} />}
          {allowAddress && (
            <input
              type="text"
              aria-label={t('backOffice.upload.address', { label })}
              value={value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              placeholder={t('backOffice.upload.addressPlaceholder')}
              className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
            />
          )}
        </div>
      </div>
    </FieldFrame>
  );
}
