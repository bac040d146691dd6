import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/3f1c2a9e-0000-4000-8000-000000000001/Sx8_tok-EN', '/api/auth/reset-password/3f1c2a9e-0000-4000-8000-000000000001/[redacted]'],
    ['/reset-password/3f1c2a9e-0000-4000-8000-000000000001/Sx8_tok-EN?x=1', '/reset-password/3f1c2a9e-0000-4000-8000-000000000001/[redacted]?x=1'],
    ['/verify-email/abcDEF123_-xyz', '/verify-email/[redacted]'],
    ['/api/auth/google/callback?code=4%2F0Adeu&state=Qw12&scope=email', '/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=email'],
    ['/anything?token=secret', '/anything?token=[redacted]'],
  ])('hides the secret of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(['/api/auth/verify-email', '/api/auth/verify-email/resend', '/api/health', '/home?tab=skills'])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
