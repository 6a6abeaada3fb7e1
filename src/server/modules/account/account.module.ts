import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { AccountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import { AccountService } from './account.service.js';

export async function register(app: FastifyInstance, { db }: ModuleContext): Promise<void> {
  await app.register(accountRoutes(new AccountService(new AccountRepository(db))));
}
