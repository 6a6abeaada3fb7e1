import type { ImageKind } from '../../../shared/image-types.js';
import { ApiError, NETWORK_ERROR_STATUS, toApiError } from '../../lib/api-client';

/**
 * Uploads an image to public storage (POST /api/admin/uploads/image) and resolves to its address.
 * XMLHttpRequest rather than fetch: only it reports upload progress, for a real progress bar.
 */
export function uploadImage(file: File, kind: ImageKind, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/uploads/image?kind=${kind}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201 && typeof (body as { url?: unknown })?.url === 'string') resolve((body as { url: string }).url);
      else reject(toApiError(request.status, request.statusText, body));
    });
    request.addEventListener('error', () => reject(new ApiError(NETWORK_ERROR_STATUS, 'network_error', 'The upload was interrupted.')));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
