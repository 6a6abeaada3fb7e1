import type { z } from 'zod';
import { AUDIT_ENTITIES, type AuditEntity } from './audit-names.js';
import type { LocalizedText } from './localized-text.js';
import {
  bannerInputSchema,
  bannerPatchSchema,
  categoryInputSchema,
  categoryPatchSchema,
  categorySchema,
  faqInputSchema,
  faqPatchSchema,
  faqSchema,
  heroBannerSchema,
  robotInputSchema,
  robotPatchSchema,
  robotSchema,
} from './schemas/catalogue.js';

/**
 * A back-office resource described once (decision 0006), for both kits: the server's
 * (`src/server/http/admin-crud.ts`) turns it into its routes, the browser's
 * (`src/web/components/admin/`) into its fetchers, its standard columns and its mutations.
 */
export interface AdminResource<Entity extends { id: string }, Create, Patch> {
  /** The list's address; a record is `${path}/:id`, a move `${path}/:id/move`. */
  path: `/api/admin/${string}`;
  /** What the activity log calls one record, e.g. 'category'. */
  name: AuditEntity;
  /** What the server answers: only these columns leave it. */
  entity: z.ZodType<Entity>;
  /** What a create accepts (and the form checks before sending). */
  create: z.ZodType<Create>;
  /** What an update accepts: the create's fields, each optional (an active toggle sends `{ active }`). */
  patch: z.ZodType<Patch>;
  /** Kept in an order the administrator sets with up/down buttons (SPEC §4): the service has `move`. */
  orderable: boolean;
  /** Switched on and off by its `active` column in one click (SPEC §4 active toggles). */
  activatable: boolean;
  /**
   * How a person recognises a record: in the activity log, the toasts and the buttons' labels.
   * `show` gives an owner-written text (issue 19 §2) in the language of whoever reads the label.
   */
  label: (entity: Entity, show: (text: LocalizedText) => string) => string;
}

/** Types the descriptor from its schemas, so that `label` knows its entity. */
export function defineAdminResource<Entity extends { id: string }, Create, Patch>(
  resource: AdminResource<Entity, Create, Patch>,
): AdminResource<Entity, Create, Patch> {
  return resource;
}

export const categoriesResource = defineAdminResource({
  path: '/api/admin/categories',
  name: AUDIT_ENTITIES.category,
  entity: categorySchema,
  create: categoryInputSchema,
  patch: categoryPatchSchema,
  orderable: false,
  activatable: true,
  label: (category, show) => show(category.name),
});

/** Robots have a status (active / inactive) chosen in their dialog rather than a toggle. */
export const robotsResource = defineAdminResource({
  path: '/api/admin/robots',
  name: AUDIT_ENTITIES.robot,
  entity: robotSchema,
  create: robotInputSchema,
  patch: robotPatchSchema,
  orderable: false,
  activatable: false,
  label: (robot) => robot.name,
});

export const bannersResource = defineAdminResource({
  path: '/api/admin/banners',
  name: AUDIT_ENTITIES.banner,
  entity: heroBannerSchema,
  create: bannerInputSchema,
  patch: bannerPatchSchema,
  orderable: true,
  activatable: true,
  label: (banner, show) => show(banner.title),
});

export const faqsResource = defineAdminResource({
  path: '/api/admin/faqs',
  name: AUDIT_ENTITIES.faq,
  entity: faqSchema,
  create: faqInputSchema,
  patch: faqPatchSchema,
  orderable: true,
  activatable: true,
  label: (faq, show) => show(faq.question),
});
