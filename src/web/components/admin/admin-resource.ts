import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPatch, apiPost, type RequestOptions } from '../../lib/api-client';

/**
 * What the fetchers take of a resource: its address, and its schemas for the types. A resource
 * of the server's admin kit passes its whole descriptor (`src/shared/admin-resources.ts`); a
 * collection served by routes of its own (newsletter templates) names just these.
 */
export type AdminCollection<Entity extends { id: string }, Create, Patch = Partial<Create>> = {
  path: string;
  entity: z.ZodType<Entity>;
  create: z.ZodType<Create>;
  patch?: z.ZodType<Patch>;
};

/** The query key every list of `resource` is cached under, and every mutation refreshes. */
export function adminQueryKey(resource: { path: string }): readonly ['admin', string] {
  return ['admin', resource.path];
}

/**
 * The requests of the server's admin kit (`adminCrudRoutes`): `GET` list, `POST` create,
 * `PATCH /:id` (also the active toggle), `DELETE /:id`, `POST /:id/move`.
 */
export function adminResourceApi<Entity extends { id: string }, Create, Patch>(
  resource: AdminCollection<Entity, Create, Patch>,
) {
  const { path } = resource;
  const item = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    list: (options?: RequestOptions) => apiGet<Entity[]>(path, options),
    create: (input: Create) => apiPost<Entity>(path, input),
    update: (id: string, patch: Patch) => apiPatch<Entity>(item(id), patch),
    /** Only for an activatable resource, whose patch accepts `{ active }`. */
    setActive: (id: string, active: boolean) => apiPatch<Entity>(item(id), { active }),
    remove: (id: string) => apiDelete<void>(item(id)),
    /** Only for an orderable resource; answers the whole list in its new order. */
    move: (id: string, direction: 'up' | 'down') => apiPost<Entity[]>(`${item(id)}/move`, { direction }),
  };
}

export function adminListQueryOptions<Entity extends { id: string }, Create, Patch>(
  resource: AdminCollection<Entity, Create, Patch>,
) {
  return queryOptions({
    queryKey: adminQueryKey(resource),
    queryFn: ({ signal }) => adminResourceApi(resource).list({ signal }),
  });
}

/** The resource's list, as the server orders it. */
export function useAdminList<Entity extends { id: string }, Create, Patch>(
  resource: AdminCollection<Entity, Create, Patch>,
) {
  return useQuery(adminListQueryOptions(resource));
}

/**
 * After any administrator write, the storefront's data this tab holds (robots, categories,
 * banners, pages, settings) is stale: marked so, it is read again where it is shown. The browser's
 * side of the server's rule that every admin write clears the public cache.
 */
export function invalidateStorefront(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
}

/** Create, update, active toggle, delete and move; each refreshes the list through the same query key. */
export function useAdminMutations<Entity extends { id: string }, Create, Patch>(
  resource: AdminCollection<Entity, Create, Patch>,
) {
  const queryClient = useQueryClient();
  const api = adminResourceApi(resource);
  const queryKey = adminQueryKey(resource);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey }), invalidateStorefront(queryClient)]);
  return {
    create: useMutation({ mutationFn: (input: Create) => api.create(input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: Patch }) => api.update(id, patch),
      onSuccess: refresh,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: string; active: boolean }) => api.setActive(id, active),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.remove(id), onSuccess: refresh }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) => api.move(id, direction),
      onSuccess: (reordered) => {
        queryClient.setQueryData(queryKey, reordered);
        return invalidateStorefront(queryClient);
      },
    }),
  };
}
