import type { ImageKind } from '../../../shared/image-types.js';
import { toApiError } from '../../lib/api-client';
import { uploadFile } from './upload-file';

/** Uploads an image to public storage (POST /api/admin/uploads/image) and resolves to its address. */
export async function uploadImage(
  file: File,
  kind: ImageKind,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const body = await uploadFile<{ url?: unknown } | undefined>({
    method: 'POST',
    url: `/api/admin/uploads/image?kind=${kind}`,
    file,
    expectStatus: 201,
    onProgress,
    signal,
  });
  if (typeof body?.url !== 'string') throw toApiError(201, 'Created', body);
  return body.url;
}
