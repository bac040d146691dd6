import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  MANIFESTO_BYTES,
  PHOTO_BYTES,
  RECEIPT_BYTES,
  seedOneOfEach,
} from '../../../test/data-export-records';
import { createFeedback, createStudent } from '../../../test/factories';
import { ANDROID_CHROME, browserSubscription, pushClientOf } from '../../../test/push-client';
import { buildDataExport, failDataExport } from './data-export.builder';

/**
 * The ZIP of a student's copy read back (decision 0041): data.json and the CSVs hold what the test
 * made about them and nothing about anyone else; their files travel as uploaded. Values typed by hand.
 */
describe('a student’s copy of their data, read back', () => {
  const ctx = useTestApp();
  const { get, post } = browserOf(ctx);
  const notices = async (userId: string) =>
    rowsOf<{ kind: string; outcome: string; link: string }>(
      await ctx.db.execute(
        sql`select kind, outcome, link from notifications where user_id = ${userId}::uuid and kind = 'privacy'`,
      ),
    );

  it('holds every section, the files, and nothing of another student', async () => {
    const { user } = await createStudent(
      ctx.db,
      { name: 'Asha Verma', email: 'asha.verma@iitbhilai.ac.in', username: 'asha.verma' },
      { phone: '9876543210', hostel: 'MSH', roomNumber: 'B-214', cgpa: 8.4, dateOfBirth: '2004-05-17' },
    );
    await seedOneOfEach(ctx.db, user.id);
    const stranger = await createStudent(ctx.db, { name: 'Rohan Iyer' });
    await createFeedback(ctx.db, { authorId: stranger.user.id, comments: 'Not Asha’s words.' });
    await createFeedback(ctx.db, {
      authorId: stranger.user.id,
      targetUserId: user.id,
      comments: 'About Asha, by someone else.',
      isAnonymous: true,
    });
    const cookie = await signInAs(ctx, user);
    const phone = await pushClientOf(ctx).subscribe(cookie, browserSubscription(), ANDROID_CHROME);
    expect(phone.statusCode).toBe(200);
    const { id } = (await post('/api/me/data-exports', {}, { cookie })).json() as { id: string };
    await buildDataExport(ctx.db, id);

    const zip = await get(`/api/me/data-exports/${id}/archive`, { cookie });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    // Buffer keeps the byte-order mark a TextDecoder would drop.
    const text = (name: string) => Buffer.from(files[name]!).toString('utf8');
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'data.json',
        'account.csv',
        'privacy-choices.csv',
        'consent-history.csv',
        'skills.csv',
        'achievements.csv',
        'positions.csv',
        'submission-history.csv',
        'feedback-given.csv',
        'event-registrations.csv',
        'event-ratings.csv',
        'club-memberships.csv',
        'club-join-requests.csv',
        'clubs-followed.csv',
        'election-nominations.csv',
        'election-participation.csv',
        'money-claims.csv',
        'money-claim-steps.csv',
        'room-bookings.csv',
        'notifications.csv',
        'transcripts.csv',
        'credentials.csv',
        'fact-corrections.csv',
        'record-access-log.csv',
        'data-exports.csv',
        'erasure-requests.csv',
        'sign-ins.csv',
        'push-devices.csv',
        'files/photo.jpg',
        `files/manifestos/${(await candidateOf(user.id)).id}.pdf`,
        `files/receipts/${(await claimOf(user.id)).code}-1.pdf`,
      ].sort(),
    );
    expect(Buffer.from(files['files/photo.jpg']!)).toEqual(PHOTO_BYTES);
    expect(Buffer.from(files[`files/manifestos/${(await candidateOf(user.id)).id}.pdf`]!)).toEqual(
      MANIFESTO_BYTES,
    );
    expect(Buffer.from(files[`files/receipts/${(await claimOf(user.id)).code}-1.pdf`]!)).toEqual(
      RECEIPT_BYTES,
    );

    const data = JSON.parse(text('data.json'));
    expect(data.account).toMatchObject({
      name: 'Asha Verma',
      email: 'asha.verma@iitbhilai.ac.in',
      username: 'asha.verma',
      phone: '9876543210',
      hostel: 'MSH',
      roomNumber: 'B-214',
      cgpa: '8.40',
      dateOfBirth: '2004-05-17',
      photo: 'files/photo.jpg',
    });
    expect(JSON.stringify(data.account)).not.toMatch(/argon|\$2[aby]\$/);
    expect(data.privacyChoices).toMatchObject([{ showProfile: false, listed: true, showPhone: true }]);
    expect(data.consentHistory).toMatchObject([
      { choice: 'showProfile', granted: false, source: 'settings' },
    ]);
    expect(data.skills).toMatchObject([
      { skill: 'Embedded C', proficiency: 'advanced', endorsed: true, endorsedBy: 'Kavya Menon' },
    ]);
    expect(data.achievements.map((a: { title: string }) => a.title)).toEqual([
      '=HYPERLINK("http://evil.example")',
      'Inter-IIT Tech Meet Gold',
    ]);
    expect(data.achievements[1]).toMatchObject({
      verifiedBy: 'Kavya Menon',
      certificateUrl: 'https://certificates.example/inter-iit-gold',
    });
    expect(data.positions).toMatchObject([
      { position: 'Workshop Coordinator', unit: 'Robotics Club', appointedBy: 'Kavya Menon' },
    ]);
    // Their anonymous feedback is theirs; what another wrote about them, and its author, is not here.
    expect(data.feedbackGiven).toMatchObject([
      {
        about: 'Event',
        target: 'Robo Wars 2026',
        comments: 'The arena lights failed twice.',
        anonymous: true,
      },
      { about: 'User', comments: 'Great mentor, always on time.', anonymous: false },
    ]);
    expect(text('data.json')).not.toMatch(/Rohan Iyer|Not Asha’s words|About Asha, by someone else/);
    expect(data.eventRegistrations).toMatchObject([{ event: 'Robo Wars 2026', status: 'confirmed' }]);
    expect(data.eventRegistrations[0].checkedInAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(data.clubMemberships).toMatchObject([
      { club: 'Robotics Club', role: 'Core Member', endedAt: null },
    ]);
    expect(data.clubJoinRequests).toMatchObject([
      { club: 'Robotics Club', status: 'accepted', answer: 'I build line followers.' },
    ]);
    expect(data.electionNominations).toMatchObject([
      {
        election: 'Students’ Council Elections 2026',
        manifesto: 'Longer library hours and a bus to the city on Sundays.',
        status: 'accepted',
      },
    ]);
    expect(data.moneyClaims).toMatchObject([
      {
        club: 'Robotics Club',
        amount: '1250.50',
        payee: 'Sharma Electronics',
        receipts: 1,
        status: 'draft',
      },
    ]);
    expect(data.roomBookings).toMatchObject([
      {
        room: 'Room A',
        from: '10:00',
        to: '11:00',
        description: 'Robotics club practice',
        status: 'Pending',
      },
    ]);
    expect(data.notifications).toMatchObject([{ kind: 'club', subject: 'Robotics Club' }]);
    expect(data.transcripts).toMatchObject([
      { content: { student: { name: 'Asha Verma' } }, revokedAt: null },
    ]);
    expect(data.factCorrections).toMatchObject([
      { field: 'officialName', requestedValue: 'Asha Verma', status: 'open' },
    ]);
    expect(data.recordAccessLog).toMatchObject([
      {
        viewer: 'Kavya Menon',
        viewerRole: 'PRESIDENT',
        what: 'Opened your record',
        cameFrom: '/council/holders',
      },
    ]);
    expect(data.dataExports).toMatchObject([{ status: 'pending' }]);
    expect(data.signIns).toHaveLength(1);
    expect(data.pushDevices).toMatchObject([{ device: 'Chrome on Android', lastDeliveredAt: null }]);
    expect(JSON.stringify(data.pushDevices)).not.toContain('fcm.googleapis.com');

    // The CSVs: readable headers, the institute's clock, formulas defused as the other exports do.
    expect(text('skills.csv')).toMatch(/^\uFEFFSkill,Category,Type,Proficiency,/);
    expect(text('skills.csv')).toContain('Embedded C,Programming,technical,advanced,,Yes,Kavya Menon,');
    expect(text('achievements.csv')).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text('account.csv')).toContain('Room,B-214\r\n');
    expect(text('feedback-given.csv')).toContain('The arena lights failed twice.,Yes,No');
    expect(text('record-access-log.csv')).toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2},Kavya Menon,PRESIDENT,Opened your record,\/council\/holders/,
    );
    expect(text('README.txt')).toContain('How you voted.');
    expect(text('README.txt')).toContain('- skills.csv (1 rows)');

    expect(await notices(user.id)).toEqual([
      { kind: 'privacy', outcome: 'export-ready', link: '/settings/privacy' },
    ]);
  });

  it('marks a copy that could not be built failed, and tells its student', async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    const phone = await pushClientOf(ctx).subscribe(cookie, browserSubscription(), ANDROID_CHROME);
    expect(phone.statusCode).toBe(200);
    const { id } = (await post('/api/me/data-exports', {}, { cookie })).json() as { id: string };
    await failDataExport(ctx.db, id);
    // A late builder finds it given up and leaves it so.
    await buildDataExport(ctx.db, id);
    expect((await get('/api/me/data-exports', { cookie })).json().items[0]).toMatchObject({
      id,
      status: 'failed',
    });
    expect(await notices(user.id)).toEqual([
      { kind: 'privacy', outcome: 'export-failed', link: '/settings/privacy' },
    ]);
    const refused = await get(`/api/me/data-exports/${id}/archive`, { cookie });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(
      'This copy of your data could not be prepared. Ask for a new copy.',
    );
    // A failed copy does not stand in the way of a new one.
    expect((await post('/api/me/data-exports', {}, { cookie })).statusCode).toBe(202);
  });

  const candidateOf = async (userId: string) =>
    rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select id from election_candidates where user_id = ${userId}::uuid`),
    )[0]!;
  const claimOf = async (userId: string) =>
    rowsOf<{ code: string }>(
      await ctx.db.execute(
        sql`select claim_code as code from expense_claims where filed_by = ${userId}::uuid`,
      ),
    )[0]!;
});
