/// <reference types="node" />
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and WebAssembly (the ticket scanner's shrinks to a third). Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml|ico|wasm)$/;

/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export type PrecompressReport = { file: string; bytes: number; br: number | null; gz: number | null }[];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Prepares a built web app for the server: moves the source maps out of it (to `mapsDir`, which
 * the server never serves) and writes beside each text file a brotli (.br) and a gzip (.gz) copy,
 * each only when it is smaller than the file.
 */
export function precompressDir(distDir: string, mapsDir: string): PrecompressReport {
  rmSync(mapsDir, { recursive: true, force: true });
  const report: PrecompressReport = [];
  for (const file of filesUnder(distDir)) {
    const relative = path.relative(distDir, file);
    if (file.endsWith('.map')) {
      const target = path.join(mapsDir, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      renameSync(file, target);
      continue;
    }
    if (/\.(br|gz)$/.test(file) || !COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    const smaller = (copy: Buffer, extension: string) => {
      if (copy.length >= content.length) return null;
      writeFileSync(`${file}${extension}`, copy);
      return copy.length;
    };
    report.push({
      file: relative,
      bytes: content.length,
      br: smaller(br, '.br'),
      gz: smaller(gz, '.gz'),
    });
  }
  return report;
}

/** The Vite plugin: precompresses the output once the bundle is written. */
export function precompress(mapsDir: string): Plugin {
  let outDir = '';
  return {
    name: 'cosa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after every other plugin's files are written (the service worker, with its list of files).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const report = precompressDir(outDir, mapsDir);
        const total = (pick: (row: PrecompressReport[number]) => number | null) =>
          report.reduce((sum, row) => sum + (pick(row) ?? row.bytes), 0);
        this.info(
          `precompressed ${report.length} files: ${total((row) => row.bytes)} bytes, ${total((row) => row.br)} brotli, ${total((row) => row.gz)} gzip`,
        );
      },
    },
  };
}
