import type { Faq, FaqInput } from '../../../../../shared/schemas/catalogue.js';
import { defineAdminResource } from '../../../../components/admin/admin-resource';

/** The FAQs' back-office resource (the server's adminCrudRoutes). */
export const faqsResource = defineAdminResource<Faq, FaqInput>('/api/admin/faqs');
