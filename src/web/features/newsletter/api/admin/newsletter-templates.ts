import type { NewsletterTemplate, TemplateInput } from '../../../../../shared/schemas/newsletter.js';
import { defineAdminResource } from '../../../../components/admin/admin-resource';

/** Newsletter templates: list, create and delete through the admin kit's resource hooks. */
export const newsletterTemplates = defineAdminResource<NewsletterTemplate, TemplateInput>(
  '/api/admin/newsletter/templates',
);
