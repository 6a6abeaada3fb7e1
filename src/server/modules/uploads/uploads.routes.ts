import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { imageKindNames, imageKinds, imageTypes, type ImageType } from '../../../shared/image-types.js';
import { BadRequestError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors.js';
import type { AuditPort } from '../../http/audit-port.js';
import { assertStorageKey, type Storage } from '../../storage/storage.js';
import { cleanFileName, withoutHiddenCharacters } from '../../text/file-names.js';
import { imageVariantPath } from '../../../shared/image-variants.js';
import { sniffImageType, SNIFF_BYTES } from './image-sniffer.js';
import { makePhotoVariants, PHOTO_TYPES } from './photo-variants.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

// SPEC §5's messages, for every image upload.
const WRONG_TYPE = 'Invalid file type. Please upload a valid image file (JPEG, PNG, GIF, WebP, or SVG).';
const TOO_LARGE = 'File too large. Please upload an image smaller than 10MB.';
const YEAR_SECONDS = 365 * 24 * 3600;
const DAY_SECONDS = 24 * 3600;

const mimeOfExtension = new Map<string, string>(Object.values(imageTypes).map((type) => [type.extension, type.mime]));

/**
 * A name a person gave their file: a plain name, never a path. Control and bidirectional
 * characters are not refused but dropped (text/file-names.ts), as from every name we keep.
 */
function isPlainFileName(fileName: string): boolean {
  const name = withoutHiddenCharacters(fileName);
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !/[/\\]/.test(name) &&
    !name.split('.').every((part) => part === '') &&
    !name.includes('..')
  );
}

/**
 * The file's first bytes decide its type; the stream handed on still carries every byte, so the
 * size limit is enforced while the rest is read.
 */
async function sniffed(source: Readable): Promise<{ type: ImageType | null; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* everything() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { type: sniffImageType(head), body: Readable.from(everything()) };
}

/** The stored original of a variant's key (`public/images/<id>-<width>w.webp`), if it exists. */
async function originalOfVariant(storage: Storage, key: string): Promise<string | null> {
  const name = /^(public\/images\/[0-9a-f-]{36})-\d+w\.webp$/.exec(key)?.[1];
  if (!name) return null;
  for (const type of PHOTO_TYPES) {
    const original = `${name}.${imageTypes[type].extension}`;
    if (await storage.stat(original)) return original;
  }
  return null;
}

/** The stream as it passes, its bytes kept in `chunks` (bounded by the storage's own size limit). */
function keepingBytes(source: Readable, chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        chunks.push(chunk as Buffer);
        yield chunk as Buffer;
      }
    })(),
  );
}

/** Public images (robot pictures, banners, editor images, logo, favicon, social image). */
export function uploadsRoutes(storage: Storage, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, not for the whole app: only this route reads multipart bodies.
    // preservePath: see the name as sent, so a path in it is refused rather than quietly cut off.
    await app.register(multipart, {
      preservePath: true,
      limits: { files: 1, fields: 0, parts: 1, fileSize: IMAGE_MAX_BYTES + 1 },
    });

    app.post(
      '/api/admin/uploads/image',
      {
        config: { access: 'admin' },
        schema: {
          querystring: z.object({ kind: z.enum(imageKindNames).default('editor') }),
          response: { 201: z.object({ url: z.string() }) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError('Send the image as multipart/form-data, in the field "file".');
        const file = await request.file();
        if (!file || file.fieldname !== 'file') {
          file?.file.resume();
          throw new BadRequestError('Send the image in the field "file".', { 'body.file': 'is required' });
        }
        try {
          if (!isPlainFileName(file.filename))
            throw new BadRequestError('Invalid file name.', { 'body.file': 'invalid file name' });
          const { type, body } = await sniffed(file.file);
          const allowed: readonly ImageType[] = imageKinds[request.query.kind];
          if (type === null || !allowed.includes(type)) throw new UnsupportedMediaTypeError(WRONG_TYPE);
          const name = `public/images/${randomUUID()}`;
          const key = `${name}.${imageTypes[type].extension}`;
          const photo = PHOTO_TYPES.includes(type) ? ([] as Buffer[]) : null;
          await storage.put(key, photo ? keepingBytes(body, photo) : body, {
            maxBytes: IMAGE_MAX_BYTES,
            contentType: imageTypes[type].mime,
          });
          // The smaller WebP copies the storefront's srcset names, made now rather than on a
          // visitor's request. A photo that does not decode, or a copy the storage could not
          // take, leaves the original alone: a missing variant's address leads to it (below), so
          // the upload itself still succeeds.
          const variants = photo ? await makePhotoVariants(Buffer.concat(photo)) : null;
          try {
            for (const variant of variants ?? [])
              await storage.put(imageVariantPath(name, variant.width), Readable.from([variant.body]), {
                contentType: 'image/webp',
              });
          } catch (error) {
            request.log.warn({ err: error, key }, 'a WebP variant of an uploaded photo could not be stored');
          }
          const url = `/files/${key}`;
          await audit.record({
            actor: request.user!,
            action: AUDIT_ACTIONS.upload,
            resource: AUDIT_ENTITIES.image,
            recordId: url,
            summary: cleanFileName(file.filename, 'image'),
          });
          return reply.status(201).send({ url });
        } catch (error) {
          // Drain what is left of the upload so the client reads our answer, not a reset.
          file.file.resume();
          if (error instanceof PayloadTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new PayloadTooLargeError(TOO_LARGE);
          throw error;
        }
      },
    );

    // Stored public images, under names the server made: they never change, so browsers keep
    // them a year. Only `public/` keys can be named here; private files have no address.
    app.get('/files/public/*', async (request, reply) => {
      const key = `public/${(request.params as { '*': string })['*']}`;
      const mime = mimeOfExtension.get(key.split('.').pop()?.toLowerCase() ?? '');
      try {
        assertStorageKey(key);
      } catch {
        throw new NotFoundError();
      }
      const file = mime ? await storage.open(key) : null;
      if (!file || !mime) {
        // A variant that was never made (a photo uploaded before variants existed, or one that
        // did not decode) is its original: the storefront's srcset names variants of every photo.
        const original = mime ? await originalOfVariant(storage, key) : null;
        if (!original) throw new NotFoundError();
        return reply.header('cache-control', `public, max-age=${DAY_SECONDS}`).redirect(`/files/${original}`, 302);
      }
      return (
        reply
          .type(mime)
          .header('content-length', file.size)
          .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
          // An SVG opened on its own is a document: it must not be able to run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.stream)
      );
    });
  };
}
