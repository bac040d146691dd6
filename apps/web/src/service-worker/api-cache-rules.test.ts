import { describe, expect, it } from 'vitest';
import { accountOfSession, isKeptAnswer, isKeptApiRead } from './api-cache-rules';

const JSON_ACCEPT = 'application/json';

describe('what the service worker keeps for offline use', () => {
  it("keeps the app's JSON reads of the API, the session read among /api/auth", () => {
    for (const path of [
      '/api/me/registrations',
      '/api/events/0b9a/ticket',
      '/api/config',
      '/api/auth/session',
      '/api/events',
    ])
      expect(isKeptApiRead(path, JSON_ACCEPT), path).toBe(true);
  });

  it('never keeps downloads, feeds, photos, the live stream, the API documents or the rest of /api/auth', () => {
    for (const path of [
      '/api/events/export',
      '/api/me/transcripts/t1/pdf',
      '/api/elections/nominations/n1/manifesto-pdf',
      '/api/me/data-exports/d1/archive',
      '/api/calendar/feeds/secret',
      '/api/photos/p1',
      '/api/notifications/stream',
      '/api/openapi.json',
      '/api/docs/static/index.html',
      '/api/auth/google/callback',
      '/api/auth/verify-email',
      '/home',
      '/assets/index-Ab12.js',
    ])
      expect(isKeptApiRead(path, JSON_ACCEPT), path).toBe(false);
  });

  it("never keeps the administrator's reads, searches and pickers as typed, or the public checks of transcripts", () => {
    for (const path of [
      '/api/admin/users',
      '/api/admin/users/u1',
      '/api/admin/audit',
      '/api/search',
      '/api/lookup/units',
      '/api/verify/transcripts/t1',
      '/api/verify/credentials',
    ])
      expect(isKeptApiRead(path, JSON_ACCEPT), path).toBe(false);
    expect(isKeptApiRead('/api/events', JSON_ACCEPT, '?q=drone')).toBe(false);
    expect(isKeptApiRead('/api/events', JSON_ACCEPT, '?page=2&q=')).toBe(true);
    expect(isKeptApiRead('/api/events', JSON_ACCEPT, '?page=2')).toBe(true);
  });

  it('keeps only what the app asks for as JSON: not a link the browser follows, nor an event stream', () => {
    expect(isKeptApiRead('/api/me/registrations', 'text/event-stream')).toBe(false);
    expect(isKeptApiRead('/api/me/registrations', '*/*')).toBe(false);
    expect(isKeptApiRead('/api/me/registrations', null)).toBe(false);
  });

  it('keeps only a 200 in JSON', () => {
    expect(isKeptAnswer(200, 'application/json; charset=utf-8')).toBe(true);
    expect(isKeptAnswer(200, 'text/csv')).toBe(false);
    expect(isKeptAnswer(200, null)).toBe(false);
    for (const status of [201, 204, 304, 401, 404, 500])
      expect(isKeptAnswer(status, JSON_ACCEPT)).toBe(false);
  });

  it('reads the account a session answer names', () => {
    expect(accountOfSession({ user: { id: 'u1', name: 'Asha' } })).toBe('u1');
    expect(accountOfSession({ user: null })).toBeNull();
    // Not a session answer (a captive portal's page read as JSON, a proxy's error): it says nothing of who is signed in.
    expect(accountOfSession({ error: { code: 'X' } })).toBeUndefined();
    expect(accountOfSession(null)).toBeUndefined();
    expect(accountOfSession({ user: { id: 7 } })).toBeUndefined();
  });
});
