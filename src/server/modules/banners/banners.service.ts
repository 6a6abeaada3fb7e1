import type { Kysely } from 'kysely';
import {
  bannerAddressProblem,
  type BannerInput,
  type BannerPatch,
  type HeroBanner,
  type MoveDirection,
} from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { swappedWithNeighbour, type AdminCrudService } from '../../http/admin-crud.js';
import { requireOneLanguage } from '../../text/required-translations.js';
import { BannersRepository } from './banners.repository.js';

/** Hero banner management (SPEC §2, §4, §5). */
export class BannersService implements AdminCrudService<HeroBanner, BannerInput, BannerPatch> {
  constructor(private readonly banners: BannersRepository) {}

  /** What visitors see: the active banners, in their order. */
  listActive(): Promise<HeroBanner[]> {
    return this.banners.listActive();
  }

  list(): Promise<HeroBanner[]> {
    return this.banners.listAll();
  }

  get(id: string): Promise<HeroBanner | undefined> {
    return this.banners.find(id);
  }

  create(input: BannerInput): Promise<HeroBanner> {
    return this.banners.insert(input);
  }

  async update(id: string, patch: BannerPatch): Promise<HeroBanner> {
    const current = await this.banners.find(id);
    if (!current) throw new NotFoundError('No such banner.');
    // A new type or address is checked together with what it is not changing.
    const problem = bannerAddressProblem(patch.type ?? current.type, patch.content_url ?? current.content_url);
    if ((patch.type !== undefined || patch.content_url !== undefined) && problem) {
      throw new BadRequestError(`Invalid body.content_url: ${problem}`, { 'body.content_url': problem });
    }
    // The title changes in the languages sent, and must keep one written.
    const updated = await this.banners.update(id, patch, (banner) => requireOneLanguage(banner, patch, ['title']));
    if (!updated) throw new NotFoundError('No such banner.');
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.banners.find(id))) throw new NotFoundError('No such banner.');
    await this.banners.delete(id);
  }

  /**
   * A banner swaps places with its neighbour, and the list is numbered 0..n-1 again, as FAQs do
   * (issue 19: SPEC §4's "up lowers order_index by 1" left two banners at the same place and the
   * storefront's order unchanged).
   */
  async move(id: string, direction: MoveDirection): Promise<HeroBanner[]> {
    const ids = swappedWithNeighbour(
      (await this.list()).map((banner) => banner.id),
      id,
      direction,
    );
    if (!ids) throw new NotFoundError('No such banner.');
    await this.banners.setOrder(ids);
    return this.list();
  }
}

/** The banners of one database, for the page renderer (html/) as for the module itself. */
export function createBannersService(db: Kysely<Database>): BannersService {
  return new BannersService(new BannersRepository(db));
}
