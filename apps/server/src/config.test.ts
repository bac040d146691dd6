import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config';

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
    expect(config.PEOPLE_PER_ADDRESS).toBe(600);
  });

  it('listens only on this machine outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
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
    [{ PEOPLE_PER_ADDRESS: '0' }, 'PEOPLE_PER_ADDRESS'],
    [{ PEOPLE_PER_ADDRESS: 'many' }, 'PEOPLE_PER_ADDRESS'],
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
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://cosa.example.ac.in/',
    });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    expect(config.publicUrl).toBe('https://cosa.example.ac.in');
  });

  it('never shows the value of a variable that may carry credentials', () => {
    const cases = [
      { DATABASE_URL: 'mysql://admin:Sup3rS3cret@db.example:3306/cosa' },
      { SMTP_URL: 'http://mailer:Sup3rS3cret@mail.example' },
    ];
    for (const env of cases) {
      const message = (() => {
        try {
          loadConfig(env);
          return '';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).toMatch(/^Invalid configuration: (DATABASE_URL|SMTP_URL) /);
      expect(message).not.toContain('Sup3rS3cret');
    }
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be a number (got "abc")',
    );
  });

  it('reads TRUST_PROXY as off, a number of hops, or a list of proxy addresses, and refuses trusting everyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104,fd00::/16' }).TRUST_PROXY).toEqual([
      '::ffff:10.0.0.0/104',
      'fd00::/16',
    ]);
    for (const value of [
      'true',
      'nginx',
      '10.0.0.0/33',
      '300.1.1.1',
      '0.0.0.0/0',
      '0.0.0.0/1,128.0.0.0/1',
      '::/0',
      '64',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/100',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY must be a number of proxy hops/,
      );
    }
  });

  it('has a 30-day absolute session lifetime that may not be shorter than the idle one', () => {
    expect(loadConfig({}).SESSION_MAX_DAYS).toBe(30);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '10', SESSION_MAX_DAYS: '5' })).toThrow(
      'SESSION_MAX_DAYS must be at least SESSION_IDLE_DAYS',
    );
  });

  it('gives a transcript PDF 30 seconds to draw unless told otherwise, and refuses no time at all', () => {
    expect(loadConfig({}).TRANSCRIPT_PDF_TIMEOUT_SECONDS).toBe(30);
    expect(loadConfig({ TRANSCRIPT_PDF_TIMEOUT_SECONDS: '2.5' }).TRANSCRIPT_PDF_TIMEOUT_SECONDS).toBe(
      2.5,
    );
    expect(() => loadConfig({ TRANSCRIPT_PDF_TIMEOUT_SECONDS: '0' })).toThrow(
      'Invalid configuration: TRANSCRIPT_PDF_TIMEOUT_SECONDS must be above 0 (got "0")',
    );
    expect(() => loadConfig({ TRANSCRIPT_PDF_TIMEOUT_SECONDS: 'soon' })).toThrow(
      'Invalid configuration: TRANSCRIPT_PDF_TIMEOUT_SECONDS must be a number (got "soon")',
    );
  });

  it("sends web push only to the browsers' push services unless PUSH_SERVICE_HOSTS names others", () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([
      { host: 'fcm.googleapis.com', wildcard: false, port: null },
      { host: 'updates.push.services.mozilla.com', wildcard: false, port: null },
      { host: 'push.apple.com', wildcard: true, port: null },
      { host: 'notify.windows.com', wildcard: true, port: null },
    ]);
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' FCM.googleapis.com , 127.0.0.1:4567 ' }).PUSH_SERVICE_HOSTS,
    ).toEqual([
      { host: 'fcm.googleapis.com', wildcard: false, port: null },
      { host: '127.0.0.1', wildcard: false, port: 4567 },
    ]);
    for (const bad of [
      'https://fcm.googleapis.com',
      'push.example.com/x',
      '*.',
      'host:0',
      'host:70000',
      '*.[::1]:80',
    ])
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS/);
  });

  it('colours the installed app indigo unless told otherwise, and takes only a colour written #rrggbb', () => {
    expect(loadConfig({}).THEME_COLOR).toBe('#3730a3');
    expect(loadConfig({ THEME_COLOR: ' #0B6E4F ' }).THEME_COLOR).toBe('#0b6e4f');
    expect(() => loadConfig({ THEME_COLOR: 'green' })).toThrow(
      'Invalid configuration: THEME_COLOR must be a colour written #rrggbb, such as #3730a3 (got "green")',
    );
    expect(() => loadConfig({ THEME_COLOR: '#fff' })).toThrow('THEME_COLOR must be a colour');
  });

  it('warns in production when no e-mail can leave the portal, and not on a developer machine', () => {
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://cosa.example.ac.in' })),
    ).toEqual([
      'SMTP_URL is not set: no e-mail leaves this portal. Verification and password reset links reach nobody, so new users cannot verify their address and nobody can reset a password. Set SMTP_URL.',
    ]);
    expect(
      startupWarnings(
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://cosa.example.ac.in',
          SMTP_URL: 'smtp://127.0.0.1:25',
        }),
      ),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });
});
