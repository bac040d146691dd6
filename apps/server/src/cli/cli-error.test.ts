import { describe, expect, it } from 'vitest';
import { oneLine } from './cli-error';

describe('oneLine', () => {
  it('leads with the cause and cuts a long failed query', () => {
    const query = `insert into "room_bookings" values ${'($1, $2), '.repeat(5000)}`;
    const failed = new Error(`Failed query: ${query}\nparams: 1,2`, {
      cause: new Error(
        'duplicate key value violates unique constraint "room_bookings_pending_once_key"',
      ),
    });
    const line = oneLine(failed);
    expect(
      line.startsWith(
        'duplicate key value violates unique constraint "room_bookings_pending_once_key" (Failed query: insert into "room_bookings" values ($1, $2), ',
      ),
    ).toBe(true);
    expect(line.endsWith('...)')).toBe(true);
    expect(line.length).toBeLessThan(320);
  });

  it('keeps a short message whole, first line only', () => {
    expect(oneLine(new Error('Port 3000 is in use.\n    at listen'))).toBe('Port 3000 is in use.');
    expect(oneLine('plain text')).toBe('plain text');
  });
});
