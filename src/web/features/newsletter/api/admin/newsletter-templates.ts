import {
  NEWSLETTER_TEMPLATES_PATH,
  newsletterTemplateSchema,
  templateInputSchema,
  type NewsletterTemplate,
  type TemplateInput,
} from '../../../../../shared/schemas/newsletter.js';
import type { AdminCollection } from '../../../../components/admin/admin-resource';

/** Newsletter templates: listed and deleted through the admin kit's hooks (the newsletter module serves them). */
export const newsletterTemplates: AdminCollection<NewsletterTemplate, TemplateInput> = {
  path: NEWSLETTER_TEMPLATES_PATH,
  entity: newsletterTemplateSchema,
  create: templateInputSchema,
};
