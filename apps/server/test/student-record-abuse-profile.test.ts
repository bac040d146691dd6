import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentProfiles } from '../src/db/schema/index';
import { useTestApp } from './build-test-app';
import { createEvent, createPosition } from './factories';
import { studentRecordClientOf } from './hostile-input-clients';

// What an attack on the student's own record found: each case here answered wrongly once.
describe('the student record under careless and hostile input', () => {
  const ctx = useTestApp();

  const { student, send, profileOf } = studentRecordClientOf(ctx);

  it('answers a malformed multipart upload with 400, never 500', async () => {
    const { cookie } = await student();
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=B', 'garbage'],
      [
        'multipart/form-data; boundary=B',
        '--B\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc',
      ],
    ];
    for (const [type, body] of bodies) {
      const response = await send('PUT', '/api/me/photo', cookie, body, { 'content-type': type });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.message).toBe('Choose an image to upload.');
    }
  });

  it('refuses booleans, arrays and hex strings where a number belongs, and takes a blank CGPA as cleared', async () => {
    const { user, cookie } = await student();
    for (const cgpa of [true, [7], '0x8', '1e1']) {
      const response = await send(
        'PUT',
        '/api/me/profile',
        cookie,
        profileOf('Asha', { academic: { cgpa } }),
      );
      expect(response.statusCode, JSON.stringify(cgpa)).toBe(400);
      expect(response.json().error.fields['academic.cgpa']).toBe('CGPA must be between 0 and 10');
    }
    const year = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { batchYear: '0x7e8' } }),
    );
    expect(year.statusCode).toBe(400);
    const [unchanged] = await ctx.db
      .select({ cgpa: studentProfiles.cgpa })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(unchanged!.cgpa).toBe(8.1);
    const blank = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      // The admission year is the institute's (decision 0015): sent back as kept, padded, it is accepted.
      profileOf('Asha', { academic: { cgpa: '  ', batchYear: ' 2023 ' } }),
    );
    expect(blank.statusCode).toBe(200);
    expect(blank.json().profile.academic).toMatchObject({ cgpa: null, batchYear: 2023 });

    const position = await createPosition(ctx.db);
    const metrics = await send('POST', '/api/me/positions', cookie, {
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'active',
      metrics: { eventsOrganized: [5] },
    });
    expect(metrics.statusCode).toBe(400);
    expect(metrics.json().error.fields['metrics.eventsOrganized']).toBe(
      'Events organized must be a whole number',
    );
    const event = await createEvent(ctx.db);
    const rating = await send('POST', '/api/feedback', cookie, {
      type: 'Query',
      targetType: 'Event',
      targetId: event.id,
      comments: 'Hi',
      rating: true,
    });
    expect(rating.statusCode).toBe(400);
    expect(rating.json().error.fields.rating).toBe('Rating must be between 1 and 5');
  });

  it('keeps the academic information when a save leaves the block out', async () => {
    const { cookie } = await student();
    const response = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { personal: { name: 'Asha', phone: '9876543210' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.academic).toMatchObject({
      batchYear: 2023,
      program: 'B.Tech',
      branch: 'Physics',
      cgpa: 8.1,
    });
  });

  it('tells no cache to keep the answers about the user', async () => {
    const { cookie } = await student();
    for (const url of [
      '/api/me/profile',
      '/api/me/dashboard',
      '/api/me/skills',
      '/api/lookup/users?q=a',
    ]) {
      expect((await send('GET', url, cookie)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps the academic information when a save sends it as null', async () => {
    const { cookie } = await student();
    const response = await send('PUT', '/api/me/profile', cookie, profileOf('Asha', { academic: null }));
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.academic).toMatchObject({
      batchYear: 2023,
      program: 'B.Tech',
      branch: 'Physics',
      cgpa: 8.1,
    });
  });

  it('refuses a CGPA with more than two decimals and takes what a number field may hold', async () => {
    const { cookie } = await student();
    const rounded = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { cgpa: 9.999 } }),
    );
    expect(rounded.statusCode).toBe(400);
    expect(rounded.json().error.fields['academic.cgpa']).toBe('CGPA can have at most two decimals');
    const short = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { cgpa: '.5' } }),
    );
    expect(short.statusCode).toBe(200);
    expect(short.json().profile.academic.cgpa).toBe(0.5);
  });

  it('answers a form with too many fields as a malformed upload, not as a large photo', async () => {
    const { cookie } = await student();
    const fields = Array.from(
      { length: 6 },
      (_, n) => `--B\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\nx\r\n`,
    ).join('');
    const body = `${fields}--B\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--B--\r\n`;
    const response = await send('PUT', '/api/me/photo', cookie, body, {
      'content-type': 'multipart/form-data; boundary=B',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Choose an image to upload.');
  });
});
