import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/server/storage/s3-storage.js';

export interface TestS3Server {
  /** The storage configuration of a shop using this server's bucket. */
  config: S3StorageConfig;
  /** Keys of the objects in the bucket. */
  objects(): string[];
  /** Multipart uploads started and neither completed nor aborted. */
  pendingUploads(): string[];
  close(): Promise<void>;
}

const BUCKET = 'tradebot-test';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * A real S3-compatible server (s3rver, objects in a temporary folder) on a free loopback port.
 * s3rver lacks AbortMultipartUpload, which our storage sends when an upload fails; this front
 * answers it as S3 does, by deleting the upload's parts, and passes every other request on.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tradebot-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const uploadsDir = path.join(directory, BUCKET, '._S3rver_uploads');
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      response.writeHead(204).end();
      return;
    }
    handle(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    config: {
      kind: 's3',
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    objects: () =>
      filesUnder(path.join(directory, BUCKET))
        .filter((file) => !file.startsWith('._S3rver_uploads') && file.endsWith('._S3rver_object'))
        .map((file) => file.slice(0, -'._S3rver_object'.length))
        .sort(),
    pendingUploads: () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
