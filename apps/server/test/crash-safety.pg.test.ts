import { describe, inject, it } from 'vitest';
import { crashDuringWrites, expectAcknowledgedWritesKept } from './crash-safety';
import { copyTemplateOnServer } from './test-db';

/** This file runs only with DATABASE_URL (see vitest.config.ts). */
describe('a crash of a server process on PostgreSQL', () => {
  it('keeps every acknowledged write and leaves the data whole', async () => {
    const copy = await copyTemplateOnServer(process.env.DATABASE_URL!, inject('postgresTemplate'));
    try {
      await crashDuringWrites({ DATABASE_URL: copy.url }, expectAcknowledgedWritesKept);
    } finally {
      await copy.drop();
    }
  }, 180_000);
});
