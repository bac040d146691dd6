import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ACCESS } from '@cosa/contracts';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../../../test/build-test-app';
import { manifestProblems } from '../../../test/web-manifest-rules';

type Icon = { src: string; sizes: string; type: string; purpose: string };
type Manifest = Record<string, unknown> & { icons: Icon[]; shortcuts: { name: string; url: string }[] };

async function manifestOf(ctx: TestContext): Promise<Manifest> {
  const response = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  return response.json<Manifest>();
}

/** An icon as the browser gets it: its headers, and its pixels as sharp decodes them. */
async function iconOf(ctx: TestContext, src: string) {
  const response = await ctx.app.inject({ method: 'GET', url: src });
  expect(response.statusCode, src).toBe(200);
  const image = sharp(response.rawPayload);
  const meta = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * 4;
    return [data[at], data[at + 1], data[at + 2], data[at + 3]];
  };
  return { response, meta, pixel, width: info.width, height: info.height };
}

describe('the web app manifest', () => {
  const ctx = useTestApp();

  it('is served as application/manifest+json, checked on every visit, and passes the W3C rules', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(manifestProblems(response.json(), `${TEST_ORIGIN}/manifest.webmanifest`)).toEqual([]);
    expect(response.json()).toMatchObject({
      id: '/',
      name: 'IIT Bhilai COSA Portal',
      short_name: 'COSA Portal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#3730a3',
      background_color: '#f8fafc',
    });
    expect(response.json<Manifest>().description).toContain('Indian Institute of Technology Bhilai');
  });

  it('names icons of 192 and 512 pixels, for any use and maskable, each a PNG of its stated size kept for a year', async () => {
    const { icons } = await manifestOf(ctx);
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      const { response, meta, width, height, pixel } = await iconOf(ctx, icon.src);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(meta.format).toBe('png');
      expect(`${width}x${height}`).toBe(icon.sizes);
      // The theme colour (#3730a3) fills the icon; a maskable one to its corners, any other clear there.
      expect(pixel(width / 2, height * 0.12)).toEqual([0x37, 0x30, 0xa3, 255]);
      expect(pixel(0, 0)[3]).toBe(icon.purpose === 'maskable' ? 255 : 0);
    }
  });

  it("draws the institute's initials in white on the theme colour", async () => {
    const { icons } = await manifestOf(ctx);
    const { pixel, width, height } = await iconOf(
      ctx,
      icons.find((icon) => icon.sizes === '512x512')!.src,
    );
    let white = 0;
    for (let y = 0; y < height; y += 4)
      for (let x = 0; x < width; x += 4) if (pixel(x, y).join() === '255,255,255,255') white += 1;
    // "IB" in bold covers roughly a tenth of the square.
    const share = white / ((width / 4) * (height / 4));
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.3);
  });

  it('offers shortcuts to my tickets, the notifications and the search, each a page of the app', async () => {
    const { shortcuts } = await manifestOf(ctx);
    expect(shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: 'My tickets', url: '/events/mine' },
      { name: 'Notifications', url: '/notifications' },
      { name: 'Search', url: '/?search' },
    ]);
    for (const { url } of shortcuts) expect(Object.keys(PAGE_ACCESS)).toContain(url.split('?')[0]);
  });

  it('serves the icons the browser and notifications use outside the manifest, and no other file', async () => {
    const apple = await iconOf(ctx, '/app-icons/apple-touch-icon.png');
    expect(`${apple.width}x${apple.height}`).toBe('180x180');
    // iOS paints clear corners black: the icon for the home screen is opaque.
    expect(apple.pixel(0, 0)).toEqual([0x37, 0x30, 0xa3, 255]);
    // Without the version, an icon is kept a day only.
    expect(apple.response.headers['cache-control']).toBe('public, max-age=86400');
    const badge = await iconOf(ctx, '/app-icons/badge-96.png');
    expect(`${badge.width}x${badge.height}`).toBe('96x96');
    expect(badge.pixel(0, 0)[3]).toBe(0);
    const missing = await ctx.app.inject({ method: 'GET', url: '/app-icons/other.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
});

describe('the manifest of another institute', () => {
  const ctx = useTestApp({
    INSTITUTE_NAME: 'National Institute of Technology Goa',
    INSTITUTE_SHORT_NAME: 'NIT Goa',
    THEME_COLOR: '#FDE047',
  });

  it('takes its name and colour, with dark letters on the light colour', async () => {
    const manifest = await manifestOf(ctx);
    expect(manifest).toMatchObject({ name: 'NIT Goa COSA Portal', theme_color: '#fde047' });
    const { pixel, width, height } = await iconOf(ctx, manifest.icons[1]!.src);
    expect(pixel(width / 2, height * 0.12)).toEqual([0xfd, 0xe0, 0x47, 255]);
    let ink = 0;
    for (let y = 0; y < height; y += 4)
      for (let x = 0; x < width; x += 4) if (pixel(x, y).join() === '15,23,42,255') ink += 1;
    expect(ink).toBeGreaterThan(0.05 * (width / 4) * (height / 4));
  });
});

describe("icons from the institute's logo", () => {
  let logoServer: Server;
  let port = 0;
  beforeAll(async () => {
    // A red logo twice as wide as it is tall, on a loopback server as the institute's site would serve it.
    const logo = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 200, g: 16, b: 46, alpha: 1 } },
    })
      .png()
      .toBuffer();
    logoServer = createServer((request, response) => {
      if (request.url === '/logo.png')
        response.writeHead(200, { 'content-type': 'image/png' }).end(logo);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
    port = (logoServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => logoServer.close(() => resolve())));

  const withLogo = useTestApp(
    {},
    { env: () => ({ INSTITUTE_LOGO_URL: `http://127.0.0.1:${port}/logo.png` }) },
  );
  const brokenLogo = useTestApp(
    {},
    { env: () => ({ INSTITUTE_LOGO_URL: `http://127.0.0.1:${port}/gone.png` }) },
  );

  it('draws the logo on white, within the safe zone of a maskable icon', async () => {
    const { icons } = await manifestOf(withLogo);
    const any = await iconOf(
      withLogo,
      icons.find((icon) => icon.sizes === '512x512' && icon.purpose === 'any')!.src,
    );
    expect(any.pixel(256, 256)).toEqual([200, 16, 46, 255]);
    // 80 % wide: the logo reaches x = 51 on the left, white beyond, clear corners.
    expect(any.pixel(60, 256)).toEqual([200, 16, 46, 255]);
    expect(any.pixel(40, 256)).toEqual([255, 255, 255, 255]);
    expect(any.pixel(256, 100)).toEqual([255, 255, 255, 255]);
    expect(any.pixel(0, 0)[3]).toBe(0);
    const maskable = await iconOf(
      withLogo,
      icons.find((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')!.src,
    );
    // 60 % wide: from x = 102 to 410, inside the mask's circle of radius 205.
    expect(maskable.pixel(110, 256)).toEqual([200, 16, 46, 255]);
    expect(maskable.pixel(95, 256)).toEqual([255, 255, 255, 255]);
    expect(maskable.pixel(0, 0)).toEqual([255, 255, 255, 255]);
  });

  it('falls back to the initials when the logo cannot be fetched, under another version of the icons', async () => {
    const broken = await manifestOf(brokenLogo);
    const good = await manifestOf(withLogo);
    expect(broken.icons[0]!.src).not.toBe(good.icons[0]!.src);
    const { pixel } = await iconOf(brokenLogo, broken.icons[1]!.src);
    expect(pixel(256, 60)).toEqual([0x37, 0x30, 0xa3, 255]);
  });
});

describe('the manifest rules themselves', () => {
  it('find a manifest that cannot install', () => {
    const problems = manifestProblems(
      {
        start_url: 'https://elsewhere.example/app',
        scope: '/portal/',
        display: 'browser',
        icons: [{ src: '/icon.png', sizes: '192x192', type: 'image/png' }],
        shortcuts: [{ url: '/outside' }],
      },
      'https://portal.example/manifest.webmanifest',
    );
    expect(problems).toEqual([
      'neither name nor short_name is a non-empty string',
      'start_url is not of the same origin',
      'start_url is not within the scope',
      'display "browser" does not install',
      'no PNG icon of 512x512 for any purpose',
      'shortcuts[0] has no name',
      'shortcuts[0].url is not within the scope',
    ]);
  });
});
