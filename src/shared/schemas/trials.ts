import { z } from 'zod';
import { orderFieldMessages } from './orders.js';

/**
 * POST /api/orders/trials (decision 0020): a signed-in client starts a robot's free trial. Like an
 * order, it needs the Terms and the Risk disclosure accepted (DESIGN deviation 8).
 */
export const startTrialSchema = z.object({
  robot_id: z.string().trim().min(1, 'robot_id is required.').max(100),
  terms_accepted: z.literal(true, { message: orderFieldMessages.termsRequired }),
});
export type StartTrialInput = z.infer<typeof startTrialSchema>;
