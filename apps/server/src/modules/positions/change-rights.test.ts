import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  councilOfCategory,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const COUNCIL_OFFICE =
  'Council offices (the president, the general secretaries and every position of a council) are appointed, changed and ended by the institute administrator only.';
const OTHER_COUNCIL =
  'This unit belongs to another council: its own general secretary or the president manages it.';
const OWN_HOLDING =
  'You cannot appoint yourself or change your own holding: another official does that.';

type Row = { canChange: boolean; changeNote: string | null };
const yes = { canChange: true, changeNote: null };
const no = (changeNote: string) => ({ canChange: false, changeNote });

/**
 * Each row of View Positions and View Position Holders tells its reader whether they may change it
 * (so the page offers only the actions the server takes), by the rule of who appoints and ends what.
 */
describe('the right to change each listed position and holding', () => {
  const ctx = useTestApp();

  /** A campus: the presidency, the technical council's secretary's office, a technical and a cultural club. */
  async function campus() {
    const tag = `Z${Math.random().toString(36).slice(2, 10)}`;
    const apex = await createOrgUnit(ctx.db, { name: `COSA ${tag}`, type: 'council', parentId: null });
    const technical = await councilOfCategory(ctx.db, 'technical');
    const robotics = await createOrgUnit(ctx.db, { name: `Robotics ${tag}` });
    const drama = await createOrgUnit(ctx.db, { name: `Drama ${tag}`, category: 'cultural' });
    const position = (unitId: string, title: string) =>
      createPosition(ctx.db, { unitId, title: `${title} ${tag}`, positionCount: 5, skillsRequired: [] });
    const presidency = await position(apex.id, 'President');
    const secretaryOffice = await position(technical.id, 'General Secretary Technical');
    const roboticsLead = await position(robotics.id, 'Robotics Lead');
    const dramaLead = await position(drama.id, 'Drama Lead');
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const secretary = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: robotics.id });
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const asha = (await createStudent(ctx.db)).user;
    const ravi = (await createStudent(ctx.db)).user;
    const hold = (userId: string, positionId: string) =>
      createPositionHolder(ctx.db, { userId, positionId, status: 'active', verification: 'verified' });
    const holdings = {
      presidency: await hold(president.id, presidency.id),
      secretaryOffice: await hold(secretary.id, secretaryOffice.id),
      ashaRobotics: await hold(asha.id, roboticsLead.id),
      raviDrama: await hold(ravi.id, dramaLead.id),
      secretaryRobotics: await hold(secretary.id, roboticsLead.id),
      coordinatorRobotics: await hold(coordinator.id, roboticsLead.id),
    };
    const positions = { presidency, secretaryOffice, roboticsLead, dramaLead };
    return { tag, president, secretary, coordinator, admin, holdings, positions };
  }

  /** The rights of the listed rows, keyed by the names given; a row not listed to the reader is left out. */
  async function rightsOf(
    url: string,
    user: { id: string },
    tag: string,
    ids: Record<string, { id: string }>,
  ): Promise<Record<string, Row>> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${url}?q=${tag}&pageSize=50`,
      headers: { cookie: await signInAs(ctx, user as never) },
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as ({ id: string } & Row)[];
    const out: Record<string, Row> = {};
    for (const [name, { id }] of Object.entries(ids)) {
      const item = items.find((row) => row.id === id);
      if (item) out[name] = { canChange: item.canChange, changeNote: item.changeNote };
    }
    return out;
  }

  it('a general secretary may change their own council clubs holdings only, never a council office nor their own', async () => {
    const c = await campus();
    expect(await rightsOf('/api/position-holders', c.secretary, c.tag, c.holdings)).toEqual({
      presidency: no(COUNCIL_OFFICE),
      secretaryOffice: no(OWN_HOLDING),
      ashaRobotics: yes,
      raviDrama: no(OTHER_COUNCIL),
      secretaryRobotics: no(OWN_HOLDING),
      coordinatorRobotics: yes,
    });
    expect(await rightsOf('/api/positions', c.secretary, c.tag, c.positions)).toEqual({
      presidency: no(COUNCIL_OFFICE),
      secretaryOffice: no(COUNCIL_OFFICE),
      roboticsLead: yes,
      dramaLead: no(OTHER_COUNCIL),
    });
  });

  it('the president may change every club holding but not their own office nor the secretaries', async () => {
    const c = await campus();
    expect(await rightsOf('/api/position-holders', c.president, c.tag, c.holdings)).toEqual({
      presidency: no(OWN_HOLDING),
      secretaryOffice: no(COUNCIL_OFFICE),
      ashaRobotics: yes,
      raviDrama: yes,
      secretaryRobotics: yes,
      coordinatorRobotics: yes,
    });
    expect(await rightsOf('/api/positions', c.president, c.tag, c.positions)).toEqual({
      presidency: no(COUNCIL_OFFICE),
      secretaryOffice: no(COUNCIL_OFFICE),
      roboticsLead: yes,
      dramaLead: yes,
    });
  });

  it('a club coordinator sees their club only, and may not change their own holding', async () => {
    const c = await campus();
    expect(await rightsOf('/api/position-holders', c.coordinator, c.tag, c.holdings)).toEqual({
      ashaRobotics: yes,
      secretaryRobotics: yes,
      coordinatorRobotics: no(OWN_HOLDING),
    });
    expect(await rightsOf('/api/positions', c.coordinator, c.tag, c.positions)).toEqual({
      roboticsLead: yes,
    });
  });

  it('the administrator may change every holding and position, council offices included', async () => {
    const c = await campus();
    expect(await rightsOf('/api/position-holders', c.admin, c.tag, c.holdings)).toEqual({
      presidency: yes,
      secretaryOffice: yes,
      ashaRobotics: yes,
      raviDrama: yes,
      secretaryRobotics: yes,
      coordinatorRobotics: yes,
    });
    expect(await rightsOf('/api/positions', c.admin, c.tag, c.positions)).toEqual({
      presidency: yes,
      secretaryOffice: yes,
      roboticsLead: yes,
      dramaLead: yes,
    });
  });
});
