import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost, type RequestOptions } from '../../lib/api-client';

/**
 * A back-office resource's API, described once by its address (the server's adminCrudRoutes):
 * `GET` list, `POST` create, `PATCH /:id`, `DELETE /:id`, `POST /:id/move`.
 */
export type AdminResource<Entity extends { id: string }, Input, Patch = Partial<Input>> = {
  path: string;
  queryKey: readonly ['admin', string];
  list: (options?: RequestOptions) => Promise<Entity[]>;
  create: (input: Input) => Promise<Entity>;
  update: (id: string, patch: Patch) => Promise<Entity>;
  remove: (id: string) => Promise<void>;
  move: (id: string, direction: 'up' | 'down') => Promise<Entity[]>;
};

export function defineAdminResource<Entity extends { id: string }, Input, Patch = Partial<Input>>(
  path: string,
): AdminResource<Entity, Input, Patch> {
  const item = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    path,
    queryKey: ['admin', path],
    list: (options) => apiGet<Entity[]>(path, options),
    create: (input) => apiPost<Entity>(path, input),
    update: (id, patch) => apiPatch<Entity>(item(id), patch),
    remove: (id) => apiDelete<void>(item(id)),
    move: (id, direction) => apiPost<Entity[]>(`${item(id)}/move`, { direction }),
  };
}

export function adminListQueryOptions<Entity extends { id: string }>(
  resource: AdminResource<Entity, unknown, unknown>,
) {
  return queryOptions({ queryKey: resource.queryKey, queryFn: ({ signal }) => resource.list({ signal }) });
}

/** The resource's list, as the server orders it. */
export function useAdminList<Entity extends { id: string }, Input, Patch>(
  resource: AdminResource<Entity, Input, Patch>,
) {
  return useQuery(adminListQueryOptions(resource as AdminResource<Entity, unknown, unknown>));
}

/**
 * After any administrator write, the storefront's data this tab holds (robots, categories,
 * banners, pages, settings) is stale: marked so, it is read again where it is shown. The browser's
 * side of the server's rule that every admin write clears the public cache.
 */
export function invalidateStorefront(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
}

/** Create, update, delete and move; each refreshes the list through the same query key. */
export function useAdminMutations<Entity extends { id: string }, Input, Patch>(
  resource: AdminResource<Entity, Input, Patch>,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: resource.queryKey }), invalidateStorefront(queryClient)]);
  return {
    create: useMutation({ mutationFn: (input: Input) => resource.create(input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: Patch }) => resource.update(id, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => resource.remove(id), onSuccess: refresh }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) => resource.move(id, direction),
      onSuccess: (reordered) => {
        queryClient.setQueryData(resource.queryKey, reordered);
        return invalidateStorefront(queryClient);
      },
    }),
  };
}
