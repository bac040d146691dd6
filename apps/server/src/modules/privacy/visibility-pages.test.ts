import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { privacyWorld, type SubjectKind, type ViewerKind } from '../../../test/privacy-world';

// Who sees what of a student in every answer that carries another person (decision 0041), typed
// by hand: Kavya ('open') made no choice; Nila ('hidden') chose not to show her photo and links
// and not to be listed. Each cell is what the viewer receives of the subject.
type Row = [ViewerKind, SubjectKind, string];

const rows = (table: Record<ViewerKind, [string, string]>): Row[] =>
  Object.entries(table).flatMap(([viewer, [open, hidden]]) => [
    [viewer as ViewerKind, 'open', open],
    [viewer as ViewerKind, 'hidden', hidden],
  ]);

describe('who sees what of a person, response by response', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof privacyWorld>>;
  const NAMES = { open: 'Kavya Menon', hidden: 'Nila Varma' } as const;
  const SURNAMES = { open: 'Menon', hidden: 'Varma' } as const;

  beforeAll(async () => {
    world = await privacyWorld(ctx);
  });

  const json = async (url: string, viewer: ViewerKind, subject: SubjectKind) => {
    const response = await world.get(url, world.cookieOf(viewer, subject));
    expect(response.statusCode, `${url} as ${viewer}`).toBe(200);
    return { body: response.json(), raw: response.body };
  };

  // The person page: the photo, and the personal details (phone, hostel, room, CGPA among them).
  it.each(
    rows({
      self: ['photo personal', 'photo personal'],
      student: ['photo', ''],
      gensec: ['photo', 'photo'],
      president: ['photo', 'photo'],
      coordinator: ['photo', 'photo'],
      admin: ['photo personal', 'photo personal'],
    }),
  )('GET /api/people/:id as %s of the %s student gives "%s"', async (viewer, subject, expected) => {
    const { body, raw } = await json(`/api/people/${world.subjects[subject].id}`, viewer, subject);
    const got = [body.photoUrl ? 'photo' : '', body.personal ? 'personal' : ''];
    expect(got.filter(Boolean).join(' ')).toBe(expected);
    const personal = expected.includes('personal');
    for (const secret of ['9812345670', 'Indravati', 'B-214', '9.12'])
      expect(raw.includes(secret), secret).toBe(personal);
  });

  // Global search, people results: found or not, and never a student id or e-mail in the result.
  it.each(
    rows({
      self: ['found', 'found'],
      student: ['found', 'absent'],
      gensec: ['found', 'found'],
      president: ['found', 'found'],
      coordinator: ['found', 'found'],
      admin: ['found', 'found'],
    }),
  )('GET /api/search as %s finds the %s student: %s', async (viewer, subject, expected) => {
    const { body, raw } = await json(`/api/search?q=${SURNAMES[subject]}`, viewer, subject);
    const people = body.groups.find((group: { kind: string }) => group.kind === 'people');
    const found = people?.items.some((item: { id: string }) => item.id === world.subjects[subject].id);
    expect(found ? 'found' : 'absent').toBe(expected);
    expect(raw).not.toContain('iitbhilai.ac.in');
    expect(raw).not.toContain('231008');
    expect(raw).not.toContain('231007');
  });

  it('GET /api/search by the whole username does not find an unlisted student for another student', async () => {
    const { body } = await json('/api/search?q=nila.varma', 'student', 'hidden');
    const people = body.groups.find((group: { kind: string }) => group.kind === 'people');
    expect(people?.items ?? []).toEqual([]);
  });

  // The people pickers: absent, the name alone, or the name with username and student id.
  it.each(
    rows({
      self: ['absent', 'absent'],
      student: ['Kavya Menon', 'absent'],
      gensec: ['Kavya Menon | kavya.menon · 23100777', 'Nila Varma | nila.varma · 23100888'],
      president: ['Kavya Menon | kavya.menon · 23100777', 'Nila Varma | nila.varma · 23100888'],
      coordinator: ['Kavya Menon | kavya.menon · 23100777', 'Nila Varma | nila.varma · 23100888'],
      admin: ['Kavya Menon | kavya.menon · 23100777', 'Nila Varma | nila.varma · 23100888'],
    }),
  )('GET /api/lookup/users as %s offers the %s student as "%s"', async (viewer, subject, expected) => {
    const { body } = await json(`/api/lookup/users?q=${SURNAMES[subject]}`, viewer, subject);
    const item = body.items.find((found: { id: string }) => found.id === world.subjects[subject].id);
    const got = !item ? 'absent' : item.detail ? `${item.label} | ${item.detail}` : item.label;
    expect(got).toBe(expected);
  });

  it.each([
    ['student', 'open', '23100777', 'Kavya Menon'],
    ['student', 'open', 'kavya.menon', 'Kavya Menon'],
    ['student', 'open', '2310077', 'absent'],
    ['student', 'open', 'kavya.me', 'absent'],
    ['student', 'hidden', '23100888', 'absent'],
    ['gensec', 'open', '2310077', 'Kavya Menon | kavya.menon · 23100777'],
  ] as const)(
    'GET /api/lookup/users as %s, typing for the %s student %s, gives "%s"',
    async (viewer, subject, q, expected) => {
      const { body } = await json(`/api/lookup/users?q=${q}`, viewer, subject);
      const item = body.items.find((found: { id: string }) => found.id === world.subjects[subject].id);
      const got = !item ? 'absent' : item.detail ? `${item.label} | ${item.detail}` : item.label;
      expect(got).toBe(expected);
    },
  );

  // A club's page: its office-bearers, each with a photo or none.
  it.each(
    rows({
      self: ['photo', 'photo'],
      student: ['photo', 'no photo'],
      gensec: ['photo', 'photo'],
      president: ['photo', 'photo'],
      coordinator: ['photo', 'photo'],
      admin: ['photo', 'photo'],
    }),
  )('GET /api/clubs/by-slug as %s shows the %s bearer with "%s"', async (viewer, subject, expected) => {
    const { body } = await json('/api/clubs/by-slug/astronomy-club', viewer, subject);
    const bearer = body.page.officeBearers.find(
      (found: { userId: string }) => found.userId === world.subjects[subject].id,
    );
    expect(bearer.name).toBe(NAMES[subject]);
    expect(bearer.photoUrl ? 'photo' : 'no photo').toBe(expected);
  });

  // An event's organisers: the name to everyone, the username to those who manage people.
  it.each(
    rows({
      self: ['Kavya Menon', 'Nila Varma'],
      student: ['Kavya Menon', 'Nila Varma'],
      gensec: ['Kavya Menon kavya.menon', 'Nila Varma nila.varma'],
      president: ['Kavya Menon kavya.menon', 'Nila Varma nila.varma'],
      coordinator: ['Kavya Menon kavya.menon', 'Nila Varma nila.varma'],
      admin: ['Kavya Menon kavya.menon', 'Nila Varma nila.varma'],
    }),
  )('GET /api/events/:id as %s names the %s organiser "%s"', async (viewer, subject, expected) => {
    const { body } = await json(`/api/events/${world.event.id}`, viewer, subject);
    const organizer = body.event.organizers.find(
      (found: { id: string }) => found.id === world.subjects[subject].id,
    );
    expect([organizer.name, organizer.username].filter(Boolean).join(' ')).toBe(expected);
  });
});
