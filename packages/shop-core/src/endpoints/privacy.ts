// Privacy (PRODUCT section 9): her data taken or erased, her consents, two-step sign-in for the shop's staff.
import { MessageSchema } from '../contract/fields.ts';
import {
  AccountExportSchema, ConsentChoicesSchema, ConsentsAnswerSchema, DeleteAccountBodySchema, TwoFactorCodeBodySchema, TwoFactorEnabledSchema,
  TwoFactorLoginBodySchema, TwoFactorOffBodySchema, TwoFactorSetupSchema,
} from '../contract/privacy.ts';
import { LoginAnswerSchema } from '../contract/accounts.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, withMessage } from './endpoint.ts';

export const privacyEndpoints = {
  exportAccount: endpoint(routes.exportAccount, {
    summary: 'Everything the shop holds about the caller, as one JSON file, written as it is read',
    status: 200,
    answer: AccountExportSchema,
    errors: [429],
  }),
  deleteAccount: endpoint(routes.deleteAccount, {
    summary: "Erase the caller's account with its password: refused (409) while an order is under way or can still be returned",
    body: DeleteAccountBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [409, 429],
  }),
  getConsents: endpoint(routes.getConsents, {
    summary: "The caller's consents (marketing by email, by WhatsApp, analytics) and their log",
    status: 200,
    answer: ConsentsAnswerSchema,
    errors: [],
  }),
  updateConsents: endpoint(routes.updateConsents, {
    summary: 'Give or withdraw consents; each change is logged with its time, address and the privacy page version',
    body: ConsentChoicesSchema,
    status: 200,
    answer: withMessage(ConsentsAnswerSchema),
    errors: [],
  }),
  startTwoFactor: endpoint(routes.startTwoFactor, {
    summary: 'Begin two-step sign-in (staff and admins): a new TOTP secret, its otpauth link and QR code',
    status: 200,
    answer: TwoFactorSetupSchema,
    errors: [403, 409],
  }),
  enableTwoFactor: endpoint(routes.enableTwoFactor, {
    summary: "Turn two-step sign-in on with a code from the app; answers ten recovery codes, once, and a new token (other sessions end)",
    body: TwoFactorCodeBodySchema,
    status: 200,
    answer: TwoFactorEnabledSchema,
    errors: [403, 409, 429],
  }),
  disableTwoFactor: endpoint(routes.disableTwoFactor, {
    summary: "Turn the caller's two-step sign-in off, with the password and a code",
    body: TwoFactorOffBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [409, 429],
  }),
  resetTwoFactor: endpoint(routes.resetTwoFactor, {
    summary: "An admin turns off another account's two-step sign-in (a lost phone); recorded in the audit trail, its sessions end",
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  twoFactorLogin: endpoint(routes.twoFactorLogin, {
    summary: "The second step of a sign-in: the ticket login gave and a code from the app, or a recovery code (each once)",
    body: TwoFactorLoginBodySchema,
    status: 200,
    answer: LoginAnswerSchema,
    errors: [429],
  }),
};
