// The brand's settings and logo.
import { LogoFormSchema, SettingsChangeSchema, SettingsSchema } from '../contract/settings.ts';
import { routes } from '../routes.ts';
import { endpoint, withMessage } from './endpoint.ts';

export const settingsEndpoints = {
  getSettings: endpoint(routes.getSettings, {
    summary: "The shop's name, logo, accent colour, contact, social links, announcement and page texts",
    status: 200,
    answer: SettingsSchema,
    errors: [],
  }),
  updateSettings: endpoint(routes.updateSettings, {
    summary: 'Change any of the settings (and any field of a group); answers them all. A colour too light to read is refused, naming its contrast',
    body: SettingsChangeSchema,
    status: 200,
    answer: withMessage(SettingsSchema),
    errors: [],
  }),
  uploadLogo: endpoint(routes.uploadLogo, {
    summary: "Upload the shop's logo (multipart `file`: PNG, JPEG, WebP, GIF or SVG, at most 5 MB); stored as a PNG, it becomes `logoUrl`",
    consumes: ['multipart/form-data'],
    body: LogoFormSchema,
    status: 200,
    answer: withMessage(SettingsSchema),
    errors: [413, 415],
  }),
};
