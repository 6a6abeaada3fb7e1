import { z } from 'zod';

/**
 * The response schema of an answer without a body (204): the OpenAPI document then says "no
 * content" rather than leaving the answer undescribed (fastify-type-provider-zod's empty body).
 */
export const noContent = z.undefined().describe('No content');
