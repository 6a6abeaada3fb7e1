import type { BannerInput, Category, CategoryInput, Faq, FaqInput, HeroBanner, Robot, RobotInput } from '../../../../shared/schemas/catalogue.js';
import { defineAdminResource } from '../../../components/admin/admin-resource';

/** The back office's resources, one line each (the server's adminCrudRoutes). */
export const categoriesResource = defineAdminResource<Category, CategoryInput>('/api/admin/categories');
export const robotsResource = defineAdminResource<Robot, RobotInput>('/api/admin/robots');
export const bannersResource = defineAdminResource<HeroBanner, BannerInput>('/api/admin/banners');
export const faqsResource = defineAdminResource<Faq, FaqInput>('/api/admin/faqs');
