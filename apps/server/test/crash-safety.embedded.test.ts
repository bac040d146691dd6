import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { crashDuringWrites, expectAcknowledgedWritesKept } from './crash-safety';

describe('a crash of the server on the embedded database', () => {
  it('keeps every acknowledged write and leaves the data whole', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'cosa-crash-'));
    try {
      await crashDuringWrites({ DATA_DIR: path.join(folder, 'data') }, expectAcknowledgedWritesKept);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
