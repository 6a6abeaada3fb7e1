import type { Category, CategoryInput, Robot, RobotInput } from '../../../../../shared/schemas/catalogue.js';
import { defineAdminResource } from '../../../../components/admin/admin-resource';

/** The catalogue's back-office resources, one line each (the server's adminCrudRoutes). */
export const categoriesResource = defineAdminResource<Category, CategoryInput>('/api/admin/categories');
export const robotsResource = defineAdminResource<Robot, RobotInput>('/api/admin/robots');
