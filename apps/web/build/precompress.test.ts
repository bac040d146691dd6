// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the text files, skips the small ones and the images, and moves the maps out', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cosa-precompress-'));
    const dist = path.join(root, 'dist');
    const maps = path.join(root, 'maps');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('Positions of responsibility. '.repeat(100))});`;
    writeFileSync(path.join(dist, 'assets', 'index-Zx9.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-Zx9.js.map'), '{"version":3}');
    writeFileSync(path.join(dist, 'assets', 'tiny-Q1.css'), 'a{color:red}');
    writeFileSync(path.join(dist, 'assets', 'logo-P2.png'), Buffer.alloc(4096, 7));
    mkdirSync(maps);
    writeFileSync(path.join(maps, 'stale.js.map'), '{}');

    const report = precompressDir(dist, maps);

    expect(report.map((row) => row.file)).toEqual([path.join('assets', 'index-Zx9.js')]);
    expect(
      brotliDecompressSync(readFileSync(path.join(dist, 'assets', 'index-Zx9.js.br'))).toString(),
    ).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dist, 'assets', 'index-Zx9.js.gz'))).toString()).toBe(
      script,
    );
    expect(readFileSync(path.join(dist, 'assets', 'index-Zx9.js.br')).length).toBeLessThan(
      script.length / 10,
    );
    expect(existsSync(path.join(dist, 'assets', 'tiny-Q1.css.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets', 'logo-P2.png.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets', 'index-Zx9.js.map'))).toBe(false);
    expect(readFileSync(path.join(maps, 'assets', 'index-Zx9.js.map'), 'utf8')).toBe('{"version":3}');
    // The maps of an earlier build are gone.
    expect(existsSync(path.join(maps, 'stale.js.map'))).toBe(false);
  });
});
