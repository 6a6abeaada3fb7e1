import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { UsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export async function register(app: FastifyInstance, { db, audit }: ModuleContext): Promise<void> {
  await app.register(usersRoutes(new UsersService(new UsersRepository(db)), audit));
}
