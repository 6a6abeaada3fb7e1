import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import { RELEASE_NOTES_MAX_LENGTH, robotReleaseSchema } from '../../../shared/schemas/releases.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors.js';
import { idParams } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { noContent } from '../../http/no-content.js';
import type { RobotReleasesService } from './robot-releases.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

const releaseParams = idParams.extend({ releaseId: z.string().trim().min(1).max(100) });
/** Room for the multipart envelope, the version and the notes (UTF-8: up to 4 bytes a character) around a file at the limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024 + RELEASE_NOTES_MAX_LENGTH * 4;
/** The fields a release upload sends before its file. */
const FIELDS = ['version', 'notes'];

/**
 * A robot's releases (issue 18 §1, decision 0018) for the robot's admin page: list, upload
 * (multipart: `version`, `notes`, then `file`) and delete, each in the activity log.
 */
export function robotReleasesRoutes(releases: RobotReleasesService, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' } as const;
    // Registered in this plugin only: the limits here are a release's.
    await app.register(multipart, {
      limits: {
        fileSize: ROBOT_FILE_MAX_BYTES + 1,
        files: 1,
        fields: FIELDS.length,
        parts: FIELDS.length + 1,
        fieldSize: RELEASE_NOTES_MAX_LENGTH * 4,
      },
    });

    app.get(
      '/api/admin/robots/:id/releases',
      { config: admin, schema: { params: idParams, response: { 200: z.array(robotReleaseSchema) } } },
      (request) => releases.list(request.params.id),
    );

    app.post(
      '/api/admin/robots/:id/releases',
      { config: admin, schema: { params: idParams, response: { 201: robotReleaseSchema } } },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError(
            'Send the release as multipart/form-data: the fields "version" and "notes", then the file in "file".',
          );
        if (Number(request.headers['content-length'] ?? 0) > ROBOT_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
          throw new PayloadTooLargeError(`The file is larger than ${ROBOT_FILE_MAX_BYTES / (1024 * 1024)} MB.`);
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (FIELDS.includes(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          try {
            if (part.fieldname !== 'file')
              throw new BadRequestError('Send the release file in the field "file".', { 'body.file': 'Required' });
            const { release, robot } = await releases.create(request.params.id, fields, part.filename, part.file);
            await audit.record({
              actor: request.user!,
              action: AUDIT_ACTIONS.release,
              resource: AUDIT_ENTITIES.robot,
              recordId: robot.id,
              summary: `${robot.name} ${release.version}`,
              changes: { version: { from: null, to: release.version }, file: { from: null, to: release.file_name } },
            });
            return reply.status(201).send(release);
          } finally {
            // Whatever happened, read the rest of the upload so the client gets our answer.
            part.file.resume();
          }
        }
        throw new BadRequestError('Choose a robot file to upload (field "file").', { 'body.file': 'Required' });
      },
    );

    app.delete(
      '/api/admin/robots/:id/releases/:releaseId',
      { config: admin, schema: { params: releaseParams, response: { 204: noContent } } },
      async (request, reply) => {
        const { release, robot } = await releases.remove(request.params.id, request.params.releaseId);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.deleteRelease,
          resource: AUDIT_ENTITIES.robot,
          recordId: robot.id,
          summary: `${robot.name} ${release.version}`,
          changes: { version: { from: release.version, to: null } },
        });
        return reply.status(204).send();
      },
    );
  };
}
