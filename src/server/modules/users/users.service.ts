import type { UserListItem, UserRole } from '../../../shared/schemas/users.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { UsersRepository } from './users.repository.js';

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  list(): Promise<UserListItem[]> {
    return this.users.list();
  }

  /**
   * The shop must never lose its last administrator: an administrator cannot change their own
   * role, and no change may demote the only administrator left (two administrators demoting each
   * other at the same moment would otherwise leave none).
   */
  async changeRole(
    actingUserId: string,
    targetId: string,
    role: UserRole,
  ): Promise<{ before: UserRole; after: UserListItem }> {
    if (actingUserId === targetId) throw new ForbiddenError('You cannot change your own role.');
    const change = await this.users.setRoleKeepingAnAdministrator(targetId, role);
    if (change === 'not-found') throw new NotFoundError('User not found.');
    if (change === 'last-administrator') {
      throw new ConflictError(
        'The only administrator cannot be demoted: make another user an administrator first.',
        'last_administrator',
      );
    }
    return change;
  }
}
