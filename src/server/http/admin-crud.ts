import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminResource } from '../../shared/admin-resources.js';
import { moveInputSchema, type MoveDirection } from '../../shared/schemas/catalogue.js';
import { NotFoundError } from '../errors.js';
import { logText, type AuditPort } from './audit-port.js';
import { noContent } from './no-content.js';
import { AUDIT_ACTIONS, auditMoveActions } from '../../shared/audit-names.js';

/** What a back-office resource's service offers; rules (sanitising, conflicts, order) live there. */
export interface AdminCrudService<Entity, Create, Patch> {
  list(): Promise<Entity[]>;
  get(id: string): Promise<Entity | undefined>;
  create(input: Create): Promise<Entity>;
  /** Throws NotFoundError when there is no such record. */
  update(id: string, patch: Patch): Promise<Entity>;
  /** Throws NotFoundError when there is no such record. */
  remove(id: string): Promise<void>;
  /** Up/down reordering (SPEC §4); answers the whole list in its new order. */
  move?(id: string, direction: MoveDirection): Promise<Entity[]>;
}

export const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The ids of an ordered list after `id` swaps places with its neighbour (SPEC §4's up/down):
 * the first cannot go up and the last cannot go down (the order stays as it is). Services
 * write the answer back as positions 0..n-1, so equal or gapped order_index values left by
 * older data can neither make a move a no-op nor leave two records at the same place.
 * Null when `id` is not in the list.
 */
export function swappedWithNeighbour(ids: readonly string[], id: string, direction: MoveDirection): string[] | null {
  const index = ids.indexOf(id);
  if (index === -1) return null;
  const neighbour = direction === 'up' ? index - 1 : index + 1;
  const reordered = [...ids];
  if (neighbour >= 0 && neighbour < reordered.length)
    [reordered[index], reordered[neighbour]] = [reordered[neighbour]!, reordered[index]!];
  return reordered;
}

/**
 * The routes of one resource, described once in `src/shared/admin-resources.ts`: `GET` list,
 * `POST` create, `PATCH /:id`, `DELETE /:id` and, when it is orderable, `POST /:id/move` — each
 * for administrators only, answering only the entity schema's columns, and recorded in the
 * activity log. The public read cache needs no call here: every successful admin write clears it
 * (http/admin-writes.ts).
 */
export function adminCrudRoutes<Entity extends { id: string }, Create, Patch>(
  resource: AdminResource<Entity, Create, Patch>,
  service: AdminCrudService<Entity, Create, Patch>,
  audit: AuditPort,
): FastifyPluginAsyncZod {
  const { path, name } = resource;
  const label = (record: Entity) => resource.label(record, logText);
  const move = service.move?.bind(service);
  // The descriptor promises the browser a move route: its service must be able to serve it.
  if (resource.orderable !== (move !== undefined))
    throw new Error(`The ${name} resource is ${resource.orderable ? '' : 'not '}orderable, its service disagrees.`);
  const admin = { access: 'admin' } as const;
  // Typed loosely here: the handlers return the service's entities, the schemas only filter them.
  const entity: z.ZodType = resource.entity;
  const list = z.array(entity);
  const fieldsOf = (input: unknown) => Object.keys(input as object);

  return async (app) => {
    app.get(path, { config: admin, schema: { response: { 200: list } } }, () => service.list());

    app.post(
      path,
      { config: admin, schema: { body: resource.create as z.ZodType, response: { 201: entity } } },
      async (request, reply) => {
        const created = await service.create(request.body as Create);
        const after = created as Record<string, unknown>;
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.create,
          resource: name,
          recordId: created.id,
          summary: label(created),
          changes: audit.changes(null, after, fieldsOf(request.body)),
        });
        return reply.status(201).send(created);
      },
    );

    app.patch(
      `${path}/:id`,
      { config: admin, schema: { params: idParams, body: resource.patch as z.ZodType, response: { 200: entity } } },
      async (request) => {
        const before = await service.get(request.params.id);
        if (!before) throw new NotFoundError(`No such ${name}.`);
        const updated = await service.update(request.params.id, request.body as Patch);
        const changes = audit.changes(
          before as Record<string, unknown>,
          updated as Record<string, unknown>,
          fieldsOf(request.body),
        );
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.update,
          resource: name,
          recordId: updated.id,
          summary: label(updated),
          changes,
        });
        return updated;
      },
    );

    app.delete(
      `${path}/:id`,
      { config: admin, schema: { params: idParams, response: { 204: noContent } } },
      async (request, reply) => {
        const before = await service.get(request.params.id);
        if (!before) throw new NotFoundError(`No such ${name}.`);
        await service.remove(request.params.id);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.delete,
          resource: name,
          recordId: before.id,
          summary: label(before),
        });
        return reply.status(204).send();
      },
    );

    if (move) {
      app.post(
        `${path}/:id/move`,
        { config: admin, schema: { params: idParams, body: moveInputSchema, response: { 200: list } } },
        async (request) => {
          const before = await service.get(request.params.id);
          if (!before) throw new NotFoundError(`No such ${name}.`);
          const reordered = await move(request.params.id, request.body.direction);
          await audit.record({
            actor: request.user!,
            action: auditMoveActions[request.body.direction],
            resource: name,
            recordId: before.id,
            summary: label(before),
          });
          return reordered;
        },
      );
    }
  };
}
