import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/reset-password/3f1c2a9e-0000-4000-8000-000000000001/Sx8_tok-EN',
      '/api/auth/reset-password/[redacted]',
    ],
    [
      '/reset-password/3f1c2a9e-0000-4000-8000-000000000001/Sx8_tok-EN?x=1',
      '/reset-password/[redacted]?x=1',
    ],
    ['/reset-password/Sx8_tok-EN', '/reset-password/[redacted]'],
    ['/verify-email/abcDEF123_-xyz', '/verify-email/[redacted]'],
    [
      '/api/auth/google/callback?code=4%2F0Adeu&state=Qw12&scope=email',
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=email',
    ],
    [
      '/api/auth/google/callback?%63ode=4%2F0Adeu&STATE=Qw12',
      '/api/auth/google/callback?%63ode=[redacted]&STATE=[redacted]',
    ],
    ['/anything?token=secret', '/anything?token=[redacted]'],
    ['/Verify-Email/abcDEF123', '/Verify-Email/[redacted]'],
    ['/%76erify-email/abcDEF123', '/verify-email/[redacted]'],
    ['//verify-email/abcDEF123', '//verify-email/[redacted]'],
    ['/./verify-email/abcDEF123', '/./verify-email/[redacted]'],
    ['/verify-email;x/abcDEF123', '/verify-email;x/[redacted]'],
    ['/verify-email%20/abcDEF123', '/verify-email /[redacted]'],
    ['/verify-email%5CabcDEF123/x', '/verify-email/[redacted]'],
    ['/login?next=/verify-email/abcDEF123', '/login?next=/verify-email/[redacted]'],
    ['/RESET-PASSWORD/some-id/Sx8_tok-EN', '/RESET-PASSWORD/[redacted]'],
    ['/api/auth/Reset-Password/some-id/Sx8_tok-EN', '/api/auth/Reset-Password/[redacted]'],
    ['/api/auth/reset-password/some-id/Sx8%2Ftok', '/api/auth/reset-password/[redacted]'],
    ['/api/calendar/feeds/Sx8_tok-EN.ics', '/api/calendar/feeds/[redacted]'],
    ['/api/Calendar//Feeds/Sx8_tok-EN', '/api/Calendar//Feeds/[redacted]'],
    ['/api/calendar/./feeds/Sx8_tok-EN?x=1', '/api/calendar/./feeds/[redacted]?x=1'],
    ['/api/calendar%2Ffeeds%2FSx8_tok-EN', '/api/calendar/feeds/[redacted]'],
    ['/api/search?q=12240106', '/api/search?q=[redacted]'],
    ['/api/lookup/users?q=Tanvi%20Oberoi&limit=5', '/api/lookup/users?q=[redacted]&limit=5'],
  ])('hides the secret of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/auth/verify-email',
    '/api/auth/verify-email/resend',
    '/api/auth/verify-email/',
    '/api/health',
    '/api/me/calendar-feed',
    '/api/calendar/units/3f1c2a9e-0000-4000-8000-000000000001.ics',
    '/home?tab=skills&page=2',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
