import { ApiError, NETWORK_ERROR_STATUS, toApiError } from '../../lib/api-client';

/**
 * Sends one file as multipart/form-data (field `file`, after the text `fields`, which the server
 * reads first) and resolves to the JSON answer.
 * XMLHttpRequest rather than fetch: only it reports upload progress, for a real progress bar.
 */
export function uploadFile<T>({
  method,
  url,
  file,
  fields = {},
  expectStatus,
  onProgress,
  signal,
}: {
  method: 'POST' | 'PUT';
  url: string;
  file: File;
  fields?: Record<string, string>;
  expectStatus: number;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
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
      if (request.status === expectStatus) resolve(body as T);
      else reject(toApiError(request.status, request.statusText, body));
    });
    request.addEventListener('error', () =>
      reject(new ApiError(NETWORK_ERROR_STATUS, 'network_error', 'The upload was interrupted.')),
    );
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', file);
    request.send(body);
  });
}
