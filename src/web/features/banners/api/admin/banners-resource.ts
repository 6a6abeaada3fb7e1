import type { BannerInput, HeroBanner } from '../../../../../shared/schemas/catalogue.js';
import { defineAdminResource } from '../../../../components/admin/admin-resource';

/** The banners' back-office resource (the server's adminCrudRoutes). */
export const bannersResource = defineAdminResource<HeroBanner, BannerInput>('/api/admin/banners');
