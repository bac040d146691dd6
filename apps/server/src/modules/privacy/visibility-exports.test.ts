import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAccessLog } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { privacyWorld, VIEWERS, type ViewerKind } from '../../../test/privacy-world';

// Every CSV export that carries a person, as each kind of viewer receives it (decision 0041),
// typed by hand: refused ('403'), or the file with which of Kavya's identifiers it names
// ('e-mail', 'student id'); and whether the export left one line per person in the access log.
describe('who receives a person in each export', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof privacyWorld>>;

  beforeAll(async () => {
    world = await privacyWorld(ctx);
  });

  const exports: Record<string, () => string> = {
    users: () => '/api/admin/users/export?q=231008',
    holders: () => '/api/position-holders/export',
    registrants: () => `/api/events/${world.event.id}/registrations/export`,
    roster: () => `/api/clubs/${world.club.id}/members/export`,
    claims: () => '/api/endorsements/user-skills/export',
  };

  const table: Record<string, Record<ViewerKind, string>> = {
    users: {
      self: '403',
      student: '403',
      gensec: '403',
      president: '403',
      coordinator: '403',
      admin: 'student id e-mail',
    },
    holders: {
      self: '403',
      student: '403',
      gensec: 'student id e-mail',
      president: 'student id e-mail',
      coordinator: 'student id e-mail',
      admin: '403',
    },
    registrants: {
      self: 'student id e-mail',
      student: '403',
      gensec: 'student id e-mail',
      president: 'student id e-mail',
      coordinator: 'student id e-mail',
      admin: '403',
    },
    roster: {
      self: '403',
      student: '403',
      gensec: 'student id',
      president: 'student id',
      coordinator: 'student id',
      admin: 'student id',
    },
    claims: {
      self: '403',
      student: '403',
      gensec: 'student id e-mail',
      president: 'student id e-mail',
      // A coordinator reviews the claims tied to the club's positions: not this one.
      coordinator: '',
      admin: '403',
    },
  };

  const cases = Object.entries(table).flatMap(([name, row]) =>
    VIEWERS.map((viewer) => [name, viewer, row[viewer]] as const),
  );

  const logged = async (viewerId: string) =>
    ctx.db
      .select({ subject: recordAccessLog.subjectId, kind: recordAccessLog.kind })
      .from(recordAccessLog)
      .where(and(eq(recordAccessLog.viewerId, viewerId), eq(recordAccessLog.kind, 'export')));

  it.each(cases)('the %s export as %s gives "%s"', async (name, viewer, expected) => {
    // The student whose export this is reads it as herself: Nila, in the users export's search.
    const subject = world.subjects.hidden;
    const response = await world.get(exports[name]!(), world.cookieOf(viewer, 'hidden'));
    if (response.statusCode === 403) {
      expect('403').toBe(expected);
      return;
    }
    expect(response.statusCode).toBe(200);
    const got = [
      response.body.includes('23100888') ? 'student id' : '',
      response.body.includes('nila.varma@iitbhilai.ac.in') ? 'e-mail' : '',
    ];
    expect(got.filter(Boolean).join(' ')).toBe(expected);
    // Personal details exported: one line per person in the access log, for officials,
    // coordinators and the administrator; nothing for the student exporting their own event's list.
    const viewerId = viewer === 'self' ? subject.id : world.viewers[viewer].id;
    const rows = await logged(viewerId);
    const subjects = rows.map((row) => row.subject);
    if (viewer === 'self' || expected === '') expect(subjects).not.toContain(subject.id);
    else expect(subjects).toContain(subject.id);
    expect(new Set(subjects).size, 'one line per person').toBe(subjects.length);
    await ctx.db.delete(recordAccessLog).where(eq(recordAccessLog.viewerId, viewerId));
  });
});
