import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition } from '../../../test/factories';
import { positionClientOf } from '../../../test/position-clients';

// Spec section 5, typed by hand.
const TITLE_REQUIRED = 'Position title is required';
const UNIT_REQUIRED = 'Organizational unit is required';
const TYPE_REQUIRED = 'Position type is required';
const RESPONSIBILITY_REQUIRED = 'At least one responsibility is required';
const CGPA_RANGE = 'CGPA must be between 0 and 10';
const COUNT_MIN = 'Position count must be at least 1';
const CUSTOM_TYPE_REQUIRED = 'Please specify the position type';
const NOT_YOUR_CLUB = 'You can manage the positions of your own club only.';

describe('positions', () => {
  const ctx = useTestApp();

  const { send, get, as, valid, logOf } = positionClientOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in and refuses a student on every endpoint', async () => {
      const position = await createPosition(ctx.db);
      const { cookie } = await as('STUDENT');
      const calls = [
        () => get('/api/positions'),
        () => get(`/api/positions/${position.id}`),
        () => send('POST', '/api/positions', undefined, valid(position.unitId)),
        () => send('PUT', `/api/positions/${position.id}`, undefined, valid(position.unitId)),
        () => send('DELETE', `/api/positions/${position.id}`),
        () => send('POST', `/api/positions/${position.id}/retirement`),
      ];
      for (const call of calls) expect((await call()).statusCode).toBe(401);
      const asStudent = [
        get('/api/positions', cookie),
        get(`/api/positions/${position.id}`, cookie),
        send('POST', '/api/positions', cookie, valid(position.unitId)),
        send('PUT', `/api/positions/${position.id}`, cookie, valid(position.unitId)),
        send('DELETE', `/api/positions/${position.id}`, cookie),
        send('POST', `/api/positions/${position.id}/retirement`, cookie),
      ];
      for (const answer of await Promise.all(asStudent))
        expect(answer.json().error.code).toBe('FORBIDDEN');
      expect(await ctx.db.select().from(positions).where(eq(positions.id, position.id))).toHaveLength(1);
    });

    it("keeps a club coordinator to their own club's positions", async () => {
      const club = await createOrgUnit(ctx.db, { name: 'Quiz Club Alpha' });
      const other = await createOrgUnit(ctx.db, { name: 'Chess Club Alpha' });
      const mine = await createPosition(ctx.db, { unitId: club.id, title: 'Quiz Master' });
      const theirs = await createPosition(ctx.db, { unitId: other.id, title: 'Chess Captain' });
      const { cookie } = await as('CLUB_COORDINATOR', club.id);

      const list = (await get('/api/positions', cookie)).json();
      expect(list.items.map((item: { title: string }) => item.title)).toEqual(['Quiz Master']);
      expect(list.scope).toEqual({ club: { id: club.id, name: 'Quiz Club Alpha' }, unlinked: false });
      expect(list.departments).toEqual([{ id: club.id, name: 'Quiz Club Alpha' }]);
      expect((await get(`/api/positions/${mine.id}`, cookie)).statusCode).toBe(200);

      const refused = await Promise.all([
        get(`/api/positions/${theirs.id}`, cookie),
        send('POST', '/api/positions', cookie, valid(other.id)),
        send('PUT', `/api/positions/${theirs.id}`, cookie, valid(other.id)),
        send('PUT', `/api/positions/${mine.id}`, cookie, valid(other.id)),
        send('DELETE', `/api/positions/${theirs.id}`, cookie),
        send('POST', `/api/positions/${theirs.id}/retirement`, cookie),
      ]);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.message).toBe(NOT_YOUR_CLUB);
      }
      const [unchanged] = await ctx.db.select().from(positions).where(eq(positions.id, mine.id));
      expect(unchanged!.unitId).toBe(club.id);
      expect((await send('POST', '/api/positions', cookie, valid(club.id))).statusCode).toBe(201);

      const unlinked = await as('CLUB_COORDINATOR');
      const noClub = await get('/api/positions', unlinked.cookie);
      expect(noClub.json()).toMatchObject({
        items: [],
        total: 0,
        overall: 0,
        scope: { club: null, unlinked: true },
      });
      const refusedUnlinked = await send('POST', '/api/positions', unlinked.cookie, valid(club.id));
      expect(refusedUnlinked.statusCode).toBe(403);
      expect(refusedUnlinked.json().error.message).toBe(
        'Your account is not linked to a club yet. Ask the institute administrator to link it.',
      );
    });
  });

  describe('POST /api/positions', () => {
    it('creates a position with blanks removed, logs it, and shows it in the list', async () => {
      const unit = await createOrgUnit(ctx.db, { name: 'Fine Arts Club Beta', category: 'cultural' });
      // The cultural council's club: its general secretary manages its positions.
      const { user, cookie } = await as('GENSEC_CULTURAL');
      const response = await send('POST', '/api/positions', cookie, valid(unit.id));
      expect(response.statusCode).toBe(201);
      const { position } = response.json();
      expect(position).toMatchObject({
        positionCode: expect.stringMatching(/^POS-\d{5,}$/),
        title: 'Design Lead',
        unit: { id: unit.id, name: 'Fine Arts Club Beta', category: 'cultural' },
        positionType: 'Team Lead',
        positionCount: 2,
        description: 'Leads the poster team.',
        responsibilities: ['Make posters'],
        requirements: { minCgpa: 7.5, minYear: 2, skillsRequired: ['Figma', 'Typography'] },
        activeHolders: 0,
        holders: 0,
        retiredAt: null,
      });
      const [log] = await logOf(position.id);
      expect(log).toMatchObject({
        type: 'cosa',
        actorId: user.id,
        description: 'New position: Design Lead',
      });
    });

    it('stores the custom text of Other once, as the type', async () => {
      const unit = await createOrgUnit(ctx.db);
      const { cookie } = await as('PRESIDENT');
      const response = await send(
        'POST',
        '/api/positions',
        cookie,
        valid(unit.id, { positionType: 'Other', customPositionType: '  Photographer ' }),
      );
      expect(response.json().position.positionType).toBe('Photographer');
      const [row] = await ctx.db
        .select()
        .from(positions)
        .where(eq(positions.id, response.json().position.id));
      expect(row!.positionType).toBe('Photographer');
    });

    it('uses the defaults: count 1, minimum CGPA 0, minimum year 1', async () => {
      const unit = await createOrgUnit(ctx.db);
      const { cookie } = await as('PRESIDENT');
      const response = await send('POST', '/api/positions', cookie, {
        title: 'Helper',
        unitId: unit.id,
        positionType: 'Volunteer',
        responsibilities: ['Help'],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().position).toMatchObject({
        positionCount: 1,
        description: null,
        requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
      });
    });

    it('answers each rule with the spec message and stores nothing', async () => {
      const unit = await createOrgUnit(ctx.db);
      const { cookie } = await as('PRESIDENT');
      const blank = await send('POST', '/api/positions', cookie, {
        title: '  ',
        unitId: '',
        positionType: '',
        positionCount: '0',
        responsibilities: ['', ' '],
        requirements: { minCgpa: '10.5' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({
        title: TITLE_REQUIRED,
        unitId: UNIT_REQUIRED,
        positionType: TYPE_REQUIRED,
        positionCount: COUNT_MIN,
        responsibilities: RESPONSIBILITY_REQUIRED,
        'requirements.minCgpa': CGPA_RANGE,
      });
      const other = await send(
        'POST',
        '/api/positions',
        cookie,
        valid(unit.id, { positionType: 'Other', customPositionType: '   ' }),
      );
      expect(other.json().error.fields).toEqual({ customPositionType: CUSTOM_TYPE_REQUIRED });
      const negative = await send(
        'POST',
        '/api/positions',
        cookie,
        valid(unit.id, { requirements: { minCgpa: -1 } }),
      );
      expect(negative.json().error.fields).toEqual({ 'requirements.minCgpa': CGPA_RANGE });
      for (const positionCount of [1001, 2147483648, 1e12]) {
        const huge = await send('POST', '/api/positions', cookie, valid(unit.id, { positionCount }));
        expect(huge.json().error.fields).toEqual({
          positionCount: 'Position count can be at most 1000',
        });
      }
      const missingUnit = await send(
        'POST',
        '/api/positions',
        cookie,
        valid('00000000-0000-4000-8000-000000000000'),
      );
      expect(missingUnit.json().error.fields).toEqual({ unitId: 'Please choose a unit from the list.' });
      expect(await ctx.db.select().from(positions).where(eq(positions.unitId, unit.id))).toEqual([]);
    });
  });

  describe('GET /api/positions', () => {
    it('searches title, position id, unit name and description, filters by department and type, and counts', async () => {
      const music = await createOrgUnit(ctx.db, { name: 'Music Club Gamma' });
      const drama = await createOrgUnit(ctx.db, { name: 'Drama Club Gamma' });
      const vocal = await createPosition(ctx.db, {
        unitId: music.id,
        title: 'Lead Vocalist Gamma',
        positionType: 'Member',
        description: 'Sings at the opening.',
      });
      await createPosition(ctx.db, {
        unitId: drama.id,
        title: 'Stage Gamma',
        positionType: 'Coordinator',
        description: 'Runs rehearsals.',
      });
      const { cookie } = await as('PRESIDENT');
      const titles = async (query: string) => {
        const body = (await get(`/api/positions${query}`, cookie)).json();
        return [body.items.map((item: { title: string }) => item.title), body.total];
      };
      expect(await titles('?q=vocalist gamma')).toEqual([['Lead Vocalist Gamma'], 1]);
      expect(await titles(`?q=${vocal.positionCode}`)).toEqual([['Lead Vocalist Gamma'], 1]);
      expect(await titles('?q=drama club gamma')).toEqual([['Stage Gamma'], 1]);
      expect(await titles('?q=REHEARSALS')).toEqual([['Stage Gamma'], 1]);
      expect(await titles(`?q=gamma&unitId=${music.id}`)).toEqual([['Lead Vocalist Gamma'], 1]);
      expect(await titles('?q=gamma&type=Coordinator')).toEqual([['Stage Gamma'], 1]);
      expect(await titles('?q=no such thing')).toEqual([[], 0]);
      const body = (await get('/api/positions?q=gamma', cookie)).json();
      expect(body.overall).toBeGreaterThanOrEqual(2);
      expect(body.types).toEqual(expect.arrayContaining(['Coordinator', 'Member']));
      expect(body.scope).toEqual({ club: null, unlinked: false });
    });
  });
});
