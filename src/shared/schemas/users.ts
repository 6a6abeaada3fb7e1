import { z } from 'zod';

export const userRoleSchema = z.enum(['client', 'admin'], { message: 'Role must be client or admin.' });
export type UserRole = z.infer<typeof userRoleSchema>;

export const roleChangeSchema = z.object({ role: userRoleSchema });

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: userRoleSchema,
  created_date: z.string(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userListItemSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  created_date: z.string(),
  role: userRoleSchema,
});
export type UserListItem = z.infer<typeof userListItemSchema>;
