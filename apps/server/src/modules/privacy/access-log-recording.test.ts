import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAccessLog } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { privacyWorld, type ViewerKind } from '../../../test/privacy-world';

// What opening a student's record leaves in the access log, typed by hand (decision 0041).
describe('the access log records who opened a record', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof privacyWorld>>;

  beforeAll(async () => {
    world = await privacyWorld(ctx);
  });
  beforeEach(async () => {
    await ctx.db.delete(recordAccessLog);
  });

  const lines = () =>
    ctx.db
      .select({
        subject: recordAccessLog.subjectId,
        viewer: recordAccessLog.viewerId,
        role: recordAccessLog.viewerRole,
        kind: recordAccessLog.kind,
        cameFrom: recordAccessLog.cameFrom,
      })
      .from(recordAccessLog);

  const open = async (viewer: ViewerKind, headers: Record<string, string> = {}) => {
    const response = await world.get(
      `/api/people/${world.subjects.open.id}`,
      world.cookieOf(viewer, 'open'),
      headers,
    );
    expect(response.statusCode).toBe(200);
  };

  it.each([
    ['self', null],
    ['student', null],
    ['gensec', ['GENSEC_SCITECH', 'record']],
    ['president', ['PRESIDENT', 'record']],
    ['coordinator', ['CLUB_COORDINATOR', 'record']],
    ['admin', ['ADMIN', 'personal_details']],
  ] as const)('GET /api/people/:id as %s logs %j', async (viewer, expected) => {
    await open(viewer, { 'x-came-from': '/search?q=menon' });
    if (!expected) {
      expect(await lines()).toEqual([]);
      return;
    }
    expect(await lines()).toEqual([
      {
        subject: world.subjects.open.id,
        viewer: world.viewers[viewer].id,
        role: expected[0],
        kind: expected[1],
        cameFrom: '/search?q=menon',
      },
    ]);
  });

  it.each([
    ['a page of the portal, kept', '/gensec-endorse?tab=skills', '/gensec-endorse?tab=skills'],
    ['no header', null, null],
    ['another site', 'https://elsewhere.example/page', null],
    ['a protocol-relative address', '//elsewhere.example/page', null],
    ['a path with a space', '/people/1 2', null],
    ['a path with a line break', '/people\n/x', null],
    [
      'a path too long, cut to 200 characters',
      `/search?q=${'a'.repeat(300)}`,
      `/search?q=${'a'.repeat(190)}`,
    ],
  ] as const)('keeps the page the viewer came from: %s', async (_, header, expected) => {
    await open('gensec', header === null ? {} : { 'x-came-from': header });
    const [line] = await lines();
    expect(line?.cameFrom).toBe(expected);
  });

  it('GET /api/admin/users/:id logs the personal details opened, and nothing for an unknown id', async () => {
    const { cookie, id } = world.viewers.admin;
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await world.get(`/api/admin/users/${unknown}`, cookie)).statusCode).toBe(404);
    expect(await lines()).toEqual([]);
    const headers = { 'x-came-from': '/admin/users?q=kavya' };
    const opened = await world.get(`/api/admin/users/${world.subjects.open.id}`, cookie, headers);
    expect(opened.statusCode).toBe(200);
    expect(await lines()).toEqual([
      {
        subject: world.subjects.open.id,
        viewer: id,
        role: 'ADMIN',
        kind: 'personal_details',
        cameFrom: '/admin/users?q=kavya',
      },
    ]);
  });

  it("logs one line per person of an export, with the export's own filter", async () => {
    const { cookie, id } = world.viewers.admin;
    const response = await world.get('/api/admin/users/export?q=2310', cookie, {
      'x-came-from': '/admin/users',
    });
    expect(response.statusCode).toBe(200);
    const logged = (await lines()).map((line) => [line.subject, line.kind, line.cameFrom]);
    // Kavya (23100777) and Nila (23100888) only: the search names them alone.
    expect(logged.sort()).toEqual(
      [
        [world.subjects.open.id, 'export', '/admin/users'],
        [world.subjects.hidden.id, 'export', '/admin/users'],
      ].sort(),
    );
    expect((await lines()).every((line) => line.viewer === id)).toBe(true);
    await ctx.db.delete(recordAccessLog).where(eq(recordAccessLog.viewerId, id));
  });

  it('lets the student read who opened their record, with the page they came from', async () => {
    await open('president', { 'x-came-from': '/council' });
    const response = await world.get('/api/me/record-access', world.subjects.open.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toMatchObject([
      { kind: 'record', cameFrom: '/council', viewer: { role: 'PRESIDENT' } },
    ]);
  });
});
