import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has safe defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.INSTITUTE_EMAIL_DOMAIN).toBe('iitbhilai.ac.in');
    expect(config.TIME_ZONE).toBe('Asia/Kolkata');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google).toBeNull();
    expect(config.mailFrom).toContain('@iitbhilai.ac.in');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ TIME_ZONE: 'Mars/Olympus' }, 'TIME_ZONE'],
    [{ INSTITUTE_EMAIL_DOMAIN: '@bad' }, 'INSTITUTE_EMAIL_DOMAIN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('reads Google settings and the public URL without a trailing slash', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://cosa.example.ac.in/' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuerUrl: 'https://accounts.google.com' });
    expect(config.publicUrl).toBe('https://cosa.example.ac.in');
  });
});
