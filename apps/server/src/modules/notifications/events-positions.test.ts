import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { createPosition, createPositionHolder } from '../../../test/factories';
import { campusOf, clientOf, sorted, startEachTestAfresh, unread } from '../../../test/events-inbox';

const POSITIONS_TAB = '/gensec-endorse?tab=positions';
// The officials of a club of the science and technology council (the factories' clubs sit there).
const COUNCIL_OFFICIALS = ['tech', 'president'];

const queue = (to: string, subject: string) => ({
  to,
  kind: 'queue',
  outcome: 'positions',
  subject,
  detail: null,
  link: POSITIONS_TAB,
  items: 1,
});
const told = (
  to: string,
  kind: string,
  outcome: string,
  subject: string,
  detail: string | null = null,
) => ({ to, kind, outcome, subject, detail, link: '/manage-position', items: 1 });

describe('notifications of positions', () => {
  const ctx = useTestApp();
  const api = clientOf(ctx);
  startEachTestAfresh(ctx);
  const holding = (userId: string, positionId: string) => ({
    userId,
    positionId,
    tenureYear: currentTenure(),
    status: 'active',
  });

  it("a student's own claim reaches the president, the general secretary of the club's council and the coordinator of the position's club, never another council's nor another club's", async () => {
    const { club, people } = await campusOf(ctx, 'Coding Club');
    const position = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Design Lead',
      skillsRequired: [],
    });
    const declared = await api.post('/api/me/positions', people.loner.cookie, {
      positionId: position.id,
      tenureYear: currentTenure(),
      status: 'active',
    });
    expect(declared.statusCode).toBe(201);
    expect(await unread(ctx, people)).toEqual(
      sorted([...COUNCIL_OFFICIALS, 'coordinator'].map((to) => queue(to, 'Design Lead, Coding Club'))),
    );
  });

  it('verifying a claim tells its student it was verified; declining another tells the reason', async () => {
    const { club, people } = await campusOf(ctx, 'Music Club');
    const lead = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Vocal Lead',
      skillsRequired: [],
    });
    const treasurer = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Treasurer',
      skillsRequired: [],
    });
    const claim = await createPositionHolder(ctx.db, {
      userId: people.loner.id,
      positionId: lead.id,
      status: 'active',
      verification: 'self_declared',
    });
    const other = await createPositionHolder(ctx.db, {
      userId: people.loner.id,
      positionId: treasurer.id,
      status: 'completed',
      verification: 'self_declared',
    });
    expect(
      (await api.post(`/api/endorsements/positions/${claim.id}/verify`, people.coordinator.cookie, {}))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await api.post(`/api/endorsements/positions/${other.id}/decline`, people.president.cookie, {
          reason: 'The club has no record of it.',
        })
      ).statusCode,
    ).toBe(200);

    expect(await unread(ctx, people)).toEqual(
      sorted([
        told('loner', 'position', 'verified', 'Vocal Lead, Music Club'),
        told('loner', 'position', 'declined', 'Treasurer, Music Club', 'The club has no record of it.'),
      ]),
    );
  });

  it("an official's appointment tells the appointee at once; a coordinator's waits in the council officials' queue and tells the appointee once verified", async () => {
    const { club, people } = await campusOf(ctx, 'Drama Club');
    const director = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Director',
      skillsRequired: [],
    });
    const stage = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Stage Manager',
      skillsRequired: [],
    });
    expect(
      (
        await api.post(
          '/api/position-holders',
          people.tech.cookie,
          holding(people.loner.id, director.id),
        )
      ).statusCode,
    ).toBe(201);
    expect(await unread(ctx, people)).toEqual([
      told('loner', 'appointment', 'appointed', 'Director, Drama Club'),
    ]);

    const proposed = await api.post(
      '/api/position-holders',
      people.coordinator.cookie,
      holding(people.member.id, stage.id),
    );
    expect(proposed.statusCode).toBe(201);
    expect(await unread(ctx, people)).toEqual(
      sorted([
        told('loner', 'appointment', 'appointed', 'Director, Drama Club'),
        ...COUNCIL_OFFICIALS.map((to) => queue(to, 'Stage Manager, Drama Club')),
      ]),
    );

    expect(
      (
        await api.post(
          `/api/endorsements/positions/${proposed.json().holder.id}/verify`,
          people.president.cookie,
          {},
        )
      ).statusCode,
    ).toBe(200);
    expect((await unread(ctx, people)).filter((n) => n.kind !== 'queue')).toEqual(
      sorted([
        told('loner', 'appointment', 'appointed', 'Director, Drama Club'),
        told('member', 'appointment', 'appointed', 'Stage Manager, Drama Club'),
      ]),
    );
  });

  it('an edit that gives the holding to another person tells the newcomer only; other edits tell nobody', async () => {
    const { club, people } = await campusOf(ctx, 'Film Club');
    const editor = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Editor',
      skillsRequired: [],
    });
    const first = await createPositionHolder(ctx.db, {
      userId: people.member.id,
      positionId: editor.id,
      status: 'active',
    });
    const moved = await api.put(
      `/api/position-holders/${first.id}`,
      people.president.cookie,
      holding(people.loner.id, editor.id),
    );
    expect(moved.statusCode).toBe(200);
    expect(await unread(ctx, people)).toEqual([
      told('loner', 'appointment', 'appointed', 'Editor, Film Club'),
    ]);

    const ended = await api.put(`/api/position-holders/${first.id}`, people.president.cookie, {
      ...holding(people.loner.id, editor.id),
      status: 'completed',
    });
    expect(ended.statusCode).toBe(200);
    expect(await unread(ctx, people)).toEqual([
      told('loner', 'appointment', 'appointed', 'Editor, Film Club'),
    ]);
  });

  it('a coordinator appointing themself is refused (403), a full position refuses a verification (409): nobody is told', async () => {
    const { club, people } = await campusOf(ctx, 'Art Club');
    const curator = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Curator',
      positionCount: 1,
      skillsRequired: [],
    });
    expect(
      (
        await api.post(
          '/api/position-holders',
          people.coordinator.cookie,
          holding(people.coordinator.id, curator.id),
        )
      ).statusCode,
    ).toBe(403);
    await createPositionHolder(ctx.db, {
      userId: people.member.id,
      positionId: curator.id,
      status: 'active',
    });
    const claim = await createPositionHolder(ctx.db, {
      userId: people.loner.id,
      positionId: curator.id,
      status: 'active',
      verification: 'self_declared',
    });
    expect(
      (await api.post(`/api/endorsements/positions/${claim.id}/verify`, people.tech.cookie, {}))
        .statusCode,
    ).toBe(409);
    expect(
      (await api.post(`/api/endorsements/positions/${claim.id}/verify`, people.loner.cookie, {}))
        .statusCode,
    ).toBe(403);
    expect(await unread(ctx, people)).toEqual([]);
  });
});
