import { describe, expect, it } from 'vitest';
import { errorSerializer } from './log-serializers';

describe('errorSerializer', () => {
  it("keeps a failed query's statement and codes but drops its parameters, in the message and the stack", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const failed = new Error(
      'Failed query: insert into "users" ("name", "password_hash") values ($1, $2)\nparams: Mallory,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      {
        cause,
      },
    );
    const logged = JSON.stringify(errorSerializer(failed));
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('Mallory');
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('params: [redacted]');
    expect(errorSerializer(failed)).toMatchObject({ type: 'Error', cause: { code: '22021' } });
  });
});
