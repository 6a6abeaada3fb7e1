import type { AccountSession } from '../../../shared/schemas/account.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { AccountRepository } from './account.repository.js';

/**
 * What the Account page does beyond better-auth's own endpoints (name, email and password go
 * through those): the list of signed-in devices without their secret tokens, signing them out,
 * and deleting the account while keeping its orders for the shop's records.
 */
export class AccountService {
  constructor(private readonly account: AccountRepository) {}

  async listSessions(userId: string, currentToken: string | null): Promise<AccountSession[]> {
    const sessions = await this.account.listSessions(userId, new Date().toISOString());
    return sessions.map(({ token, ...session }) => ({ ...session, current: token === currentToken }));
  }

  async revokeSession(userId: string, sessionId: string): Promise<void> {
    if (!(await this.account.deleteSession(userId, sessionId))) throw new NotFoundError('Session not found.');
  }

  async revokeOtherSessions(userId: string, currentToken: string | null): Promise<void> {
    if (!currentToken) throw new BadRequestError('The current session is unknown.');
    await this.account.deleteOtherSessions(userId, currentToken);
  }

  async deleteAccount(user: { id: string; isAdmin: boolean }, password: string): Promise<void> {
    const hash = await this.account.findPasswordHash(user.id);
    // An account made through a social provider has no password yet: "Forgot password" sets one.
    if (!hash)
      throw new BadRequestError('This account has no password yet: set one with "Forgot password" first.', {
        password: 'no password set',
      });
    // Loaded here, as better-auth is with its first use (auth/better-auth.ts): issue 21 §5.
    const { verifyPassword } = await import('better-auth/crypto');
    if (!(await verifyPassword({ hash, password })))
      throw new BadRequestError('The password is incorrect.', { password: 'incorrect' });
    // The shop must keep someone who can run it.
    if (user.isAdmin && (await this.account.countOtherAdministrators(user.id)) === 0) {
      throw new ForbiddenError(
        'The only administrator cannot delete their account: make another user an administrator first.',
      );
    }
    await this.account.deleteUserKeepingOrders(user.id);
  }
}
