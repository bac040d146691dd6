import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { appIcons, isAppIconName } from './app-icons.service';
import { APP_ICONS_PATH, webAppManifest } from './app-manifest.service';

/** How long a browser keeps an icon whose address names its version: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The installable app: its manifest (GET /manifest.webmanifest), read again by the browser on
 * every check since the settings may change, and its icons (GET /app-icons/{name}), drawn once per
 * process from the institute's settings. Neither is under /api: both are public, like the web app.
 */
export async function appManifestRoutes(
  app: FastifyInstance,
  options: { webDistDir: string | null },
): Promise<void> {
  const { config } = app.deps;
  const icons = appIcons({
    shortName: config.INSTITUTE_SHORT_NAME,
    themeColor: config.THEME_COLOR,
    logoUrl: config.INSTITUTE_LOGO_URL,
    webDistDir: options.webDistDir,
    warn: (message) => app.log.warn(message),
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const { version } = await icons();
    const manifest = webAppManifest(
      {
        instituteName: config.INSTITUTE_NAME,
        instituteShortName: config.INSTITUTE_SHORT_NAME,
        themeColor: config.THEME_COLOR,
      },
      version,
    );
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });

  app.get<{ Params: { name: string }; Querystring: { v?: string } }>(
    `${APP_ICONS_PATH}/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isAppIconName(name)) throw AppError.notFound();
      const { files, version } = await icons();
      // An address naming this version may be kept for good; any other (none, an old one) is checked daily.
      const current = request.query.v === version;
      return reply
        .type('image/png')
        .header('cache-control', current ? IMMUTABLE : 'public, max-age=86400')
        .send(files.get(name));
    },
  );
}
