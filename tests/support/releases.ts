// Robot releases as the back office uploads them (decision 0018): multipart with the version and
// the notes before the file, as the browser's FormData sends them.
import type { LightMyRequestResponse } from 'fastify';
import type { Requester } from './requests.js';
import { ex5File } from './robot-files.js';

/** A multipart/form-data body: text fields first, then one file part (none when `file` is null). */
export function multipartForm(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; field?: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tradebot${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface ReleaseUpload {
  version?: string;
  notes?: string;
  /** Default: a compiled Expert Advisor named Robot.ex5. */
  file?: { name: string; content: Buffer };
}

/** POST /api/admin/robots/:id/releases as the robot form sends it. */
export function uploadRelease(
  admin: Requester,
  robotId: string,
  release: ReleaseUpload = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartForm(
    { version: release.version ?? '1.0.0', notes: release.notes ?? '' },
    release.file ?? { name: 'Robot.ex5', content: ex5File() },
  );
  return admin.post(`/api/admin/robots/${robotId}/releases`, payload, headers);
}
