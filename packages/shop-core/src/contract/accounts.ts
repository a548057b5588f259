// Accounts: sign-in, registration, profiles, passwords, roles and the wishlist (SPEC section 7, PRODUCT sections 3 and 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ProductSchema } from './catalog.ts';
import { EmailSchema, IdSchema, missing, PasswordSchema, UsernameSchema } from './fields.ts';
import { ConsentChoicesSchema } from './privacy.ts';

export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** customer, staff or admin (PRODUCT section 8); `isAdmin` is true exactly for admin */
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** two-step sign-in is on (PRODUCT section 9) */
  twoFactor: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserWithWishlistSchema = UserSchema.extend({ wishlist: z.array(ProductSchema) });
export type UserWithWishlist = z.infer<typeof UserWithWishlistSchema>;

export const LoginAnswerSchema = UserSchema.extend({ token: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

// ---- requests ------------------------------------------------------------------------------------

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** what she ticked on the form (PRODUCT section 9); each one left out is not given */
  consents: ConsentChoicesSchema.optional(),
});

/** PUT /api/orders/status/{id}: the status an admin moves the order to. */
export const RoleBodySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
});

export const WishlistToggleBodySchema = z.object({ productId: IdSchema });

/**
 * SPEC's client sends `username` and `email`; a new email (not the account's own) also needs `currentPassword`, which
 * the API checks against the account (400 without it or when it is wrong).
 */
export const ProfileUpdateBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  currentPassword: z.string({ error: 'Current password must be text' }).max(200, { error: MESSAGES.currentPasswordWrong }).optional(),
});

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

/** The token from the reset link: whatever is wrong with it, the shopper hears the one sentence. */
const ResetTokenSchema = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .min(1, { error: MESSAGES.resetLinkInvalid })
  .max(200, { error: MESSAGES.resetLinkInvalid });
export const ResetPasswordBodySchema = z.object({ token: ResetTokenSchema, password: PasswordSchema });

export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: (issue) => (missing(issue.input) ? MESSAGES.currentPasswordRequired : 'Current password must be text') })
    .min(1, { error: MESSAGES.currentPasswordRequired })
    .max(200, { error: MESSAGES.currentPasswordWrong }),
  newPassword: PasswordSchema,
});
/** A new token for the session that changed the password: every older one is refused from now on. */
export const ChangePasswordAnswerSchema = z.object({ message: z.string(), token: z.string() });
