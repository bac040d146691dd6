import { describe, expect, it } from 'vitest';
import { signInAs, browserOf } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent } from '../../../test/factories';
import { serverSecret } from '../../lib/server-secrets';
import { unsubscribeToken } from './unsubscribe.service';

describe("the e-mail's unsubscribe link", () => {
  const ctx = useTestApp();

  it('works signed out, from the portal page and from a mail program, and refuses a forged token changing nothing', async () => {
    const student = (await createStudent(ctx.db, { email: 'kavya.nair@iitbhilai.ac.in' })).user;
    const secret = await serverSecret(ctx.db, 'unsubscribe-links');
    const fromPage = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: unsubscribeToken(secret, student.id, 'booking') },
      headers: { origin: TEST_ORIGIN },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json()).toEqual({ kind: 'booking', email: 'k•••@iitbhilai.ac.in' });

    // RFC 8058: the mail program posts a form to the List-Unsubscribe address, from no page of the portal.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, student.id, 'announcement'))}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'announcement', email: 'k•••@iitbhilai.ac.in' });

    const cookie = await signInAs(ctx, student);
    const preferences = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(preferences.deliveries).toMatchObject({
      booking: 'app',
      announcement: 'app',
      achievement: 'instant',
    });

    const genuine = unsubscribeToken(secret, student.id, 'achievement');
    const forged = genuine.replace('.achievement.', '.skill.');
    for (const token of [forged, `${genuine}x`, 'nonsense']) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token },
        headers: { origin: TEST_ORIGIN },
      });
      expect(refused.statusCode, token).toBe(400);
      expect(refused.json().error.message).toBe('This unsubscribe link is not valid.');
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: {},
      headers: { origin: TEST_ORIGIN },
    });
    expect(missing.statusCode).toBe(400);
    const after = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(after.deliveries).toMatchObject({ skill: 'instant', achievement: 'instant' });
  });

  it("takes a mail program's one-click request as multipart/form-data, with extra fields, or with no body at all", async () => {
    const student = (await createStudent(ctx.db, { email: 'rohan.das@iitbhilai.ac.in' })).user;
    const secret = await serverSecret(ctx.db, 'unsubscribe-links');
    const linkOf = (kind: 'skill' | 'feedback' | 'appointment') =>
      `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, student.id, kind))}`;
    const boundary = '----cosa-test-boundary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: linkOf('skill'),
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toEqual({ kind: 'skill', email: 'r•••@iitbhilai.ac.in' });

    const extra = await ctx.app.inject({
      method: 'POST',
      url: linkOf('feedback'),
      payload: 'List-Unsubscribe=One-Click&source=webmail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().kind).toBe('feedback');

    const empty = await ctx.app.inject({ method: 'POST', url: linkOf('appointment') });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().kind).toBe('appointment');
    // A tracker's parameters in the link, an empty multipart body, an empty token field beside the link's own.
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: `${linkOf('appointment')}&utm_source=newsletter`,
    });
    expect(tracked.statusCode).toBe(200);
    const emptyForm = await ctx.app.inject({
      method: 'POST',
      url: linkOf('appointment'),
      payload: '',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(emptyForm.statusCode).toBe(200);
    const blankField = await ctx.app.inject({
      method: 'POST',
      url: linkOf('appointment'),
      payload: 'token=&List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(blankField.statusCode).toBe(200);

    const cookie = await signInAs(ctx, student);
    const preferences = (await browserOf(ctx).get('/api/notification-preferences', { cookie })).json();
    expect(preferences.deliveries).toMatchObject({
      skill: 'app',
      feedback: 'app',
      appointment: 'app',
      achievement: 'instant',
    });

    const garbled = await ctx.app.inject({
      method: 'POST',
      url: linkOf('skill'),
      payload: 'not a multipart body',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.message).toBe('This unsubscribe link is not valid.');
  });
});
