import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Role } from '@cosa/contracts';
import { auditLog } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { useTestApp } from './build-test-app';
import { csvRecords } from './csv-helpers';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from './factories';

/**
 * Text as a careless or hostile user stores it: line breaks of every kind, quotes, separators, and
 * a formula after each break. Typed by hand, with what every export must give back for it: the
 * same text, an apostrophe before every line that a spreadsheet would run as a formula.
 */
const HOSTILE = 'Line one\n=1+1\r@SUM(1+1)\r\n+2, "quoted"; -3\n\tTab\n-4';
const NEUTRAL = "Line one\n'=1+1\r'@SUM(1+1)\r\n'+2, \"quoted\"; -3\n'\tTab\n'-4";
const hostile = (label: string) => `${label} ${HOSTILE}`;
const neutral = (label: string) => `${label} ${NEUTRAL}`;
/** Line breaks and formulas with no quote or separator, which alone would make a writer quote the field. */
const bare = (label: string) => `${label}\n=1+1\n@SUM(1+1)\n-2`;
const bareNeutral = (label: string) => `${label}\n'=1+1\n'@SUM(1+1)\n'-2`;

/** The start of the cell, or of a line inside it, as a spreadsheet would read a formula there. */
const FORMULA_AT_LINE_START = /^[=+\-@\t\r]/;

describe('every CSV export keeps a row whole whatever text it holds', () => {
  const ctx = useTestApp();
  const signedIn = async (role: Role) => signInAs(ctx, await createUser(ctx.db, { role }));

  /** Downloads an export through the API and parses it back as a spreadsheet program would. */
  const exported = async (url: string, name: string, cookie: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    csvRecords(response, name);
    // Read as a spreadsheet program reads it: any line break outside quotes ends a row. csv-parse
    // refuses a record whose column count differs from the header's.
    const records = parse(response.body, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: false,
    }) as string[][];
    const [header] = records;
    for (const record of records) expect(record).toHaveLength(header!.length);
    for (const cell of records.flat()) {
      for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(FORMULA_AT_LINE_START);
    }
    return records.flat();
  };

  it('writes users, skills and the audit log (the administrator) with each text whole', async () => {
    const admin = await signedIn('ADMIN');
    await createStudent(ctx.db, { name: bare('Student') });
    await createSkill(ctx.db, { name: hostile('Skill'), description: bare('About skill') });
    await ctx.db.insert(auditLog).values({
      actorName: hostile('Actor'),
      kind: 'unit',
      action: 'update',
      subjectType: 'org_units',
      subjectLabel: hostile('Subject'),
      summary: bare('Summary'),
    });

    expect(await exported('/api/admin/users/export', 'users', admin)).toContain(bareNeutral('Student'));
    const skills = await exported('/api/admin/skills/export', 'skills', admin);
    expect(skills).toEqual(expect.arrayContaining([neutral('Skill'), bareNeutral('About skill')]));
    const audit = await exported('/api/admin/audit/export', 'audit-log', admin);
    expect(audit).toEqual(
      expect.arrayContaining([neutral('Actor'), neutral('Subject'), bareNeutral('Summary')]),
    );
  });

  it('writes feedback, endorsements, positions, holders, events and bookings (the president) with each text whole', async () => {
    const president = await signedIn('PRESIDENT');
    const { user: student } = await createStudent(ctx.db, { name: hostile('Holder') });
    const unit = await createOrgUnit(ctx.db, { name: hostile('Unit') });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: hostile('Position'),
      description: bare('Duties'),
    });
    await createPositionHolder(ctx.db, { userId: student.id, positionId: position.id });
    await createFeedback(ctx.db, {
      comments: hostile('Comment'),
      actionsTaken: bare('Action'),
    });
    await createAchievement(ctx.db, {
      userId: student.id,
      title: hostile('Achievement'),
      description: bare('Story'),
    });
    await createUserSkill(ctx.db, {
      userId: student.id,
      skillId: (await createSkill(ctx.db, { name: bare('Claimed') })).id,
    });
    await createEvent(ctx.db, { title: hostile('Event'), venue: bare('Venue') });
    await createRoomBooking(ctx.db, { description: hostile('Booking') });
    await createRoomBooking(ctx.db, {
      description: bare('Meeting'),
      startTime: '12:00',
      endTime: '13:00',
    });

    const feedback = await exported('/api/feedback/export', 'feedback', president);
    expect(feedback).toEqual(expect.arrayContaining([neutral('Comment'), bareNeutral('Action')]));
    const achievements = await exported(
      '/api/endorsements/achievements/export',
      'achievements',
      president,
    );
    expect(achievements).toEqual(
      expect.arrayContaining([neutral('Holder'), neutral('Achievement'), bareNeutral('Story')]),
    );
    const claims = await exported('/api/endorsements/user-skills/export', 'skill-claims', president);
    expect(claims).toEqual(expect.arrayContaining([neutral('Holder'), bareNeutral('Claimed')]));
    const positions = await exported('/api/positions/export', 'positions', president);
    expect(positions).toEqual(
      expect.arrayContaining([neutral('Position'), neutral('Unit'), bareNeutral('Duties')]),
    );
    const holders = await exported('/api/position-holders/export', 'position-holders', president);
    expect(holders).toEqual(expect.arrayContaining([neutral('Holder'), neutral('Position')]));
    const events = await exported('/api/events/export', 'events', president);
    expect(events).toEqual(expect.arrayContaining([neutral('Event'), bareNeutral('Venue')]));
    const bookings = await exported('/api/room-bookings/export', 'room-bookings', president);
    expect(bookings).toEqual(expect.arrayContaining([neutral('Booking'), bareNeutral('Meeting')]));
  });
});
