import type { UserListItem, UserRole } from '../../../shared/schemas/users.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import type { UsersRepository } from './users.repository.js';

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  list(): Promise<UserListItem[]> {
    return this.users.list();
  }

  /** An administrator cannot change their own role: the shop must never lose its last admin by accident. */
  async changeRole(
    actingUserId: string,
    targetId: string,
    role: UserRole,
  ): Promise<{ before: UserRole; after: UserListItem }> {
    if (actingUserId === targetId) throw new ForbiddenError('You cannot change your own role.');
    const before = await this.users.findRole(targetId);
    const updated = before && (await this.users.setRole(targetId, role));
    if (!before || !updated) throw new NotFoundError('User not found.');
    return { before, after: updated };
  }
}
