import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TemplateInput } from '../../../shared/schemas/newsletter.js';
import type { Database } from '../../db/schema.js';

const columns = ['id', 'title', 'content', 'created_date'] as const;

export class TemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list() {
    return this.db
      .selectFrom('newsletter_templates')
      .select(columns)
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('newsletter_templates').select(columns).where('id', '=', id).executeTakeFirst();
  }

  insert(template: TemplateInput) {
    const now = new Date().toISOString();
    return this.db
      .insertInto('newsletter_templates')
      .values({
        id: randomUUID(),
        title: template.title,
        content: template.content,
        created_date: now,
        updated_at: now,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('newsletter_templates').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
