import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@shop/core/constants';
import { endpoints } from '@shop/core/endpoints';
import type { Settings } from '@shop/core/contract/settings';
import { MESSAGES } from '@shop/core/messages';
import { invalid, ShopError, tooLarge } from '../../modules/errors.ts';
import { route } from '../../lib/route.ts';
import { logoPng, saveLogo } from '../../modules/settings/logo.ts';
import { changeSettings } from '../../modules/settings/settings.ts';
import { accountOf } from '../../plugins/app/auth.ts';

/** The one file of the logo form (its `file` field, or whatever file it sends first). */
async function logoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid(MESSAGES.chooseLogo);
  try {
    const part = await request.file();
    const bytes = part ? await part.toBuffer() : null;
    if (!bytes || bytes.length === 0) throw invalid(MESSAGES.chooseLogo);
    return bytes;
  } catch (error) {
    if (error instanceof ShopError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(MESSAGES.logoTooLarge);
    throw invalid('The form could not be read');
  }
}

/**
 * The settings as their answers carry them: without the feeds' token, a key the settings keep but never answer (the
 * public read is cached for everyone; the admin reads it with the marketing status, GET /api/marketing).
 */
function withoutKeys(settings: Settings): Settings {
  const { feeds: _token, ...answered } = settings;
  return answered;
}

const settingsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  route(app, endpoints.getSettings, async () => withoutKeys(await app.settings.current()), { config: { catalogCache: true } });

  route(app, endpoints.updateSettings, async (request) => {
    const { logoUrl } = request.body;
    // the logo's URL as the answers gave it (absolute on IMAGE_BASE_URL) comes back as the path it is stored as
    const change = logoUrl ? { ...request.body, logoUrl: app.imagePathOf(logoUrl) } : request.body;
    const { settings, changed } = await changeSettings(app.db, change, accountOf(request));
    if (changed) app.settings.changed();
    return { ...withoutKeys(settings), message: MESSAGES.settingsSaved };
  });

  route(app, endpoints.uploadLogo, async (request) => {
    const png = await logoPng(await logoFile(request));
    const logoUrl = await saveLogo(app.images.storage, png);
    const { settings } = await changeSettings(app.db, { logoUrl }, accountOf(request)).catch(async (error: unknown) => {
      await app.images.storage.remove(logoUrl.slice('/images/'.length));
      throw error;
    });
    app.settings.changed();
    return { ...withoutKeys(settings), message: MESSAGES.logoUploaded };
  });
};

export default settingsRoutes;
