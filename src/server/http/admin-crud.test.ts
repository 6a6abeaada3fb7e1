import { describe, expect, it } from 'vitest';
import { categoriesResource, faqsResource } from '../../shared/admin-resources.js';
import { adminCrudRoutes, type AdminCrudService } from './admin-crud.js';
import type { AuditPort } from './audit-port.js';

const audit: AuditPort = { record: async () => undefined, changes: () => ({}) };

/** A service that is never called: the routes are only being described. */
function serviceOf<Entity>(canMove: boolean): AdminCrudService<Entity, never, never> {
  const unused = () => Promise.reject(new Error('not called'));
  return {
    list: unused,
    get: unused,
    create: unused,
    update: unused,
    remove: unused,
    ...(canMove ? { move: unused } : {}),
  };
}

describe('adminCrudRoutes', () => {
  it('refuses a descriptor whose order its service cannot serve, or a service the descriptor does not order', () => {
    expect(() => adminCrudRoutes(faqsResource, serviceOf(false), audit)).toThrow(/faq resource is orderable/);
    expect(() => adminCrudRoutes(categoriesResource, serviceOf(true), audit)).toThrow(
      /category resource is not orderable/,
    );
    expect(() => adminCrudRoutes(faqsResource, serviceOf(true), audit)).not.toThrow();
    expect(() => adminCrudRoutes(categoriesResource, serviceOf(false), audit)).not.toThrow();
  });
});
