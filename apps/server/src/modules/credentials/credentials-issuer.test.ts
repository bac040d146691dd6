import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';

const ISSUER_ID = 'http://localhost:3000/api/issuer';
const KEY_URL_PREFIX = 'http://localhost:3000/api/issuer/keys/';
const INSTITUTE = 'Indian Institute of Technology Bhilai';

describe('credentials', () => {
  const ctx = useTestApp();
  const { get, jwks } = credentialClientOf(ctx);

  describe('the issuer', () => {
    it('serves its Open Badges profile to anyone, cacheable for five minutes', async () => {
      const response = await get('/api/issuer');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual({
        id: ISSUER_ID,
        type: ['Profile'],
        name: INSTITUTE,
        url: 'http://localhost:3000',
      });
    });

    it('publishes its public key as a JWKS and at the address its kid names, never the private half', async () => {
      const response = await get('/.well-known/jwks.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const { keys } = response.json() as { keys: Record<string, string>[] };
      expect(keys).toHaveLength(1);
      const key = keys[0]!;
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(key).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', use: 'sig' });
      // A 2048-bit modulus is 256 bytes: 342 base64url characters.
      expect(key.n).toHaveLength(342);
      expect(key.kid!.startsWith(KEY_URL_PREFIX)).toBe(true);

      const own = await get(new URL(key.kid!).pathname);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('public, max-age=300');
      expect(own.json()).toEqual(key);
    });

    it('answers the JWKS as JSON even where the web app answers every other page address', async () => {
      const dist = mkdtempSync(path.join(os.tmpdir(), 'cosa-jwks-dist-'));
      writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><title>COSA Portal</title><div id="root"></div>',
      );
      const withPages = await buildApp({ config: ctx.config, database: ctx.database, webDistDir: dist });
      try {
        const response = await withPages.inject({
          method: 'GET',
          url: '/.well-known/jwks.json',
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual(await jwks());
        expect(
          (await withPages.inject({ method: 'GET', url: '/profile' })).headers['content-type'],
        ).toMatch(/^text\/html/);
      } finally {
        await withPages.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });

    it('answers 404 for an unknown key id and 400 for one that cannot be a key id', async () => {
      const unknown = await get('/api/issuer/keys/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
      const bad = await get('/api/issuer/keys/not-a-key');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    });
  });
});
