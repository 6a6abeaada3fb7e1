import type { FastifyInstance } from 'fastify';
import { requester } from './requests.js';

/** An administrator's JSON calls, for API tests of the back office (withShop's `shop.admin` does the same). */
export function adminApi(app: FastifyInstance, cookie: string) {
  return requester(app, cookie).request;
}
