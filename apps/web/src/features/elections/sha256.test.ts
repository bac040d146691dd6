import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './sha256';

const expected = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
// Lengths around the padding's edges (55, 56, 64 bytes), several blocks, and text beyond ASCII.
const TEXTS = [
  '',
  'abc',
  'K7QF2M9XHD3B4NPTV8WZ',
  'a'.repeat(55),
  'b'.repeat(56),
  'c'.repeat(64),
  'd'.repeat(1000),
  'मतदान ✓',
];

describe('sha256Hex', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(TEXTS)('hashes %j as node:crypto does, with crypto.subtle', async (text) => {
    expect(await sha256Hex(text)).toBe(expected(text));
  });

  it.each(TEXTS)(
    'hashes %j as node:crypto does on a page without crypto.subtle (plain HTTP)',
    async (text) => {
      vi.stubGlobal('crypto', {});
      expect(await sha256Hex(text)).toBe(expected(text));
    },
  );
});
