import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { PublicCache } from '../../http/public-cache.js';
import type { CatalogueService } from './catalogue.service.js';

/**
 * The active robots, newest first, kept under the public cache's rules. Public reads check an id
 * or a category against it before caching anything under that name: a flood of invented ids
 * costs neither a database read nor a cache entry.
 */
export function activePublicRobots(cache: PublicCache, catalogue: CatalogueService): Promise<Robot[]> {
  return cache.memo('robots:active', () => catalogue.listPublicRobots({ sort: '-created_date' }));
}
