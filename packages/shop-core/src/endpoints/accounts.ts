// Accounts: sign-in, registration, passwords, profiles, the wishlist, users and roles.
import { z } from 'zod';
import { ChangePasswordAnswerSchema, ChangePasswordBodySchema, ForgotPasswordBodySchema, LoginAnswerSchema, LoginBodySchema, ProfileUpdateBodySchema, RegisterBodySchema, ResetPasswordBodySchema, RoleBodySchema, UserSchema, UserWithWishlistSchema, WishlistToggleBodySchema } from '../contract/accounts.ts';
import { IdSchema, MessageSchema, PageQuerySchema } from '../contract/fields.ts';
import { TwoFactorTicketSchema } from '../contract/privacy.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, UserIdParams, withMessage } from './endpoint.ts';

export const accountsEndpoints = {
  login: endpoint(routes.login, {
    summary: 'Log in; an account with two-step sign-in answers a ticket for POST /api/auth/2fa instead of a token',
    body: LoginBodySchema,
    status: 200,
    answer: z.union([LoginAnswerSchema, TwoFactorTicketSchema]),
    errors: [429],
  }),
  register: endpoint(routes.register, {
    summary: 'Create a customer account',
    body: RegisterBodySchema,
    status: 201,
    answer: MessageSchema,
    errors: [409, 429],
  }),
  forgotPassword: endpoint(routes.forgotPassword, {
    summary: 'Mail a password reset link, if the email has an account (the answer is the same either way)',
    body: ForgotPasswordBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [429],
  }),
  resetPassword: endpoint(routes.resetPassword, {
    summary: "Choose a new password with a reset link's token (single use, one hour); signs out every session",
    body: ResetPasswordBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [429],
  }),
  listUsers: endpoint(routes.listUsers, {
    summary: 'Every account, newest first',
    query: PageQuerySchema,
    status: 200,
    answer: z.array(UserSchema),
    counted: true,
    errors: [],
  }),
  getProfile: endpoint(routes.getProfile, {
    summary: 'One account with its wishlist, by id or username (that user or an admin)',
    params: z.object({ x: IdSchema }),
    status: 200,
    answer: UserWithWishlistSchema,
    errors: [403, 404],
  }),
  getWishlist: endpoint(routes.getWishlist, {
    summary: 'One account with its wishlist (that user or an admin)',
    params: UserIdParams,
    status: 200,
    answer: UserWithWishlistSchema,
    errors: [403, 404],
  }),
  toggleWishlist: endpoint(routes.toggleWishlist, {
    summary: "Add a product to the caller's wishlist, or remove it",
    body: WishlistToggleBodySchema,
    status: 200,
    answer: withMessage(UserWithWishlistSchema),
    errors: [404],
  }),
  updateProfile: endpoint(routes.updateProfile, {
    summary: "Change the caller's username and email; a new email needs the current password, and the old address is told",
    params: IdParams,
    body: ProfileUpdateBodySchema,
    status: 200,
    answer: withMessage(UserSchema),
    errors: [403, 404, 409, 429],
  }),
  changePassword: endpoint(routes.changePassword, {
    summary: "Change the caller's password (the current one is asked); other sessions are signed out, this one gets a new token",
    body: ChangePasswordBodySchema,
    status: 200,
    answer: ChangePasswordAnswerSchema,
    errors: [429],
  }),
  setRole: endpoint(routes.setRole, {
    summary: "Make an account a customer, staff (the dashboard's orders and products) or an admin; the last admin cannot be demoted",
    params: IdParams,
    body: RoleBodySchema,
    status: 200,
    answer: withMessage(UserSchema),
    errors: [404, 409],
  }),
};
