import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { iconSvg, type IconShape } from './app-icon-drawing';

/** The icons the portal serves, by file name: their frame and their size in pixels. */
export const APP_ICON_FILES = {
  'icon-192.png': { shape: 'any', size: 192 },
  'icon-512.png': { shape: 'any', size: 512 },
  'maskable-192.png': { shape: 'maskable', size: 192 },
  'maskable-512.png': { shape: 'maskable', size: 512 },
  'apple-touch-icon.png': { shape: 'apple', size: 180 },
  'badge-96.png': { shape: 'badge', size: 96 },
} as const satisfies Record<string, { shape: IconShape; size: number }>;

export type AppIconName = keyof typeof APP_ICON_FILES;

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICON_FILES, name);

/** The rendered icons and a version that changes exactly when one of them does. */
export type AppIconSet = { files: ReadonlyMap<AppIconName, Buffer>; version: string };

export type AppIconSettings = {
  shortName: string;
  /** #rrggbb */
  themeColor: string;
  /** The institute's logo (INSTITUTE_LOGO_URL): an http(s) address, or a path of the built web app. */
  logoUrl?: string;
  /** The built web app, where a logo given as a path ('/logo.png') is read. */
  webDistDir?: string | null;
  /** Told when the logo could not be used (the initials are drawn instead). */
  warn: (message: string) => void;
};

/** A logo larger than this is not the institute's emblem: it is left for the initials. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const LOGO_TIMEOUT_MS = 5_000;

/** The share of the icon the logo may fill: the whole safe zone of a mask is the middle 80 %, a margin is kept. */
const LOGO_SHARE: Record<Exclude<IconShape, 'badge'>, number> = { any: 0.8, maskable: 0.6, apple: 0.8 };

async function fetchLogo(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`it answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_LOGO_BYTES) throw new Error('it is over 5 MB');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_LOGO_BYTES) throw new Error('it is over 5 MB');
  return bytes;
}

async function readLogo(logoUrl: string, webDistDir: string | null | undefined): Promise<Buffer> {
  if (/^https?:\/\//i.test(logoUrl)) return fetchLogo(logoUrl);
  if (!logoUrl.startsWith('/') || !webDistDir)
    throw new Error('it is neither an http(s) address nor a file of the web app');
  const root = path.resolve(webDistDir);
  const file = path.resolve(root, `.${decodeURIComponent(logoUrl.split('?')[0]!)}`);
  if (!file.startsWith(root + path.sep)) throw new Error('it points outside the web app');
  const bytes = await readFile(file);
  if (bytes.length > MAX_LOGO_BYTES) throw new Error('it is over 5 MB');
  return bytes;
}

/** The logo fitted in a clear square of `size` pixels; throws when it cannot be read as an image. */
async function logoPng(logo: Buffer, size: number): Promise<Buffer> {
  return sharp(logo, { limitInputPixels: 50_000_000 })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

async function renderOne(
  shape: IconShape,
  size: number,
  settings: AppIconSettings,
  logo: Buffer | null,
): Promise<Buffer> {
  if (!logo || shape === 'badge') {
    return sharp(Buffer.from(iconSvg(shape, settings.shortName, settings.themeColor)), { density: 72 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  // A logo is drawn on white, which any emblem is made to stand on.
  const inner = Math.round(size * LOGO_SHARE[shape]);
  const radius = shape === 'any' ? Math.round(size * 0.1875) : 0;
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(frame))
    .composite([{ input: await logoPng(logo, inner), gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function renderAll(settings: AppIconSettings): Promise<AppIconSet> {
  let logo: Buffer | null = null;
  if (settings.logoUrl) {
    try {
      logo = await readLogo(settings.logoUrl, settings.webDistDir);
      await sharp(logo).metadata();
    } catch (error) {
      logo = null;
      settings.warn(
        `INSTITUTE_LOGO_URL could not be used for the app's icons (${error instanceof Error ? error.message : String(error)}); they show the institute's initials.`,
      );
    }
  }
  const files = new Map<AppIconName, Buffer>();
  const hash = createHash('sha256');
  for (const [name, { shape, size }] of Object.entries(APP_ICON_FILES) as [
    AppIconName,
    { shape: IconShape; size: number },
  ][]) {
    const png = await renderOne(shape, size, settings, logo);
    files.set(name, png);
    hash.update(name).update(png);
  }
  return { files, version: hash.digest('hex').slice(0, 12) };
}

/**
 * The app's icons, drawn once per process when first asked for: from the institute's logo when
 * INSTITUTE_LOGO_URL gives one that reads as an image, else the initials of its short name on the
 * theme colour. A failure to draw is not kept: the next request tries again.
 */
export function appIcons(settings: AppIconSettings): () => Promise<AppIconSet> {
  let rendered: Promise<AppIconSet> | null = null;
  return () => {
    rendered ??= renderAll(settings).catch((error: unknown) => {
      rendered = null;
      throw error;
    });
    return rendered;
  };
}
