import type { Category, CategoryInput, CategoryPatch } from '../../../shared/schemas/catalogue.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { AdminCrudService } from '../../http/admin-crud.js';
import { requireOneLanguage } from '../../text/required-translations.js';
import type { CategoriesRepository } from './categories.repository.js';

function duplicateKey(key: string): ConflictError {
  return new ConflictError(`The key "${key}" is already used by another category.`, 'duplicate_key', {
    'body.key': 'already used by another category',
  });
}

/** Category management (SPEC §2, §5): unique keys; a category robots use cannot be deleted. */
export class CategoriesService implements AdminCrudService<Category, CategoryInput, CategoryPatch> {
  constructor(private readonly categories: CategoriesRepository) {}

  list(): Promise<Category[]> {
    return this.categories.listAll();
  }

  get(id: string): Promise<Category | undefined> {
    return this.categories.findById(id);
  }

  async create(input: CategoryInput): Promise<Category> {
    try {
      return await this.categories.insert(input);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateKey(input.key);
      throw error;
    }
  }

  /** The name changes in the languages the patch sends, and must keep one written. */
  async update(id: string, patch: CategoryPatch): Promise<Category> {
    let updated: Category | undefined;
    try {
      updated = await this.categories.update(id, patch, (category) => requireOneLanguage(category, patch, ['name']));
    } catch (error) {
      if (isUniqueViolation(error) && patch.key) throw duplicateKey(patch.key);
      throw error;
    }
    if (!updated) throw new NotFoundError('No such category.');
    return updated;
  }

  /** Refused while robots use it: they would silently lose their category. */
  async remove(id: string): Promise<void> {
    const category = await this.categories.findById(id);
    if (!category) throw new NotFoundError('No such category.');
    const robots = await this.categories.countRobotsIn(category.key);
    if (robots > 0) {
      throw new ConflictError(
        `This category is used by ${robots} robot${robots === 1 ? '' : 's'}; move them to another category first.`,
        'category_in_use',
        {
          robots: String(robots),
        },
      );
    }
    await this.categories.delete(id);
  }
}
