import { describe, expect, it } from 'vitest';
import {
  canConfirmHolding,
  canManageHolding,
  canRevokeCredential,
  canVerify,
  type ActorFacts,
  type Decision,
  type RecordFacts,
  type UnitFacts,
} from '@cosa/contracts';
import { AUTHORITY_TABLE, rowName, type Actor, type Subject } from './authority-table';

/* The table of who may verify, appoint, end and revoke what, against the rule itself. */

const UNITS = {
  cosa: { id: 'cosa', councilOffice: true, council: null },
  scitech: { id: 'scitech', councilOffice: true, council: 'technical' },
  coding: { id: 'coding', councilOffice: false, council: 'technical' },
  music: { id: 'music', councilOffice: false, council: 'cultural' },
} satisfies Record<string, UnitFacts>;

const ACTORS: Record<Actor, ActorFacts> = {
  'Coding Club coordinator': { id: 'coordinator', role: 'CLUB_COORDINATOR', clubId: 'coding' },
  'SciTech general secretary': { id: 'scitech-gs', role: 'GENSEC_SCITECH', clubId: null },
  'Cultural general secretary': { id: 'cultural-gs', role: 'GENSEC_CULTURAL', clubId: null },
  president: { id: 'president', role: 'PRESIDENT', clubId: null },
  administrator: { id: 'admin', role: 'ADMIN', clubId: null },
  student: { id: 'student', role: 'STUDENT', clubId: null },
};

/** Records awaiting verification, all of the same student (a member of the Coding Club). */
const RECORDS: Partial<Record<Subject, RecordFacts>> = {
  'college-level achievement at a Coding Club event': {
    kind: 'achievement',
    ownerId: 'ravi',
    ownerRole: 'STUDENT',
    type: 'technical',
    level: 'college',
    unit: UNITS.coding,
  },
  'International achievement at a Coding Club event': {
    kind: 'achievement',
    ownerId: 'ravi',
    ownerRole: 'STUDENT',
    type: 'technical',
    level: 'international',
    unit: UNITS.coding,
  },
  'achievement with no level at a Coding Club event': {
    kind: 'achievement',
    ownerId: 'ravi',
    ownerRole: 'STUDENT',
    type: 'technical',
    level: null,
    unit: UNITS.coding,
  },
  'national technical achievement tied to no event': {
    kind: 'achievement',
    ownerId: 'ravi',
    ownerRole: 'STUDENT',
    type: 'technical',
    level: 'national',
    unit: null,
  },
  'cultural achievement tied to no event': {
    kind: 'achievement',
    ownerId: 'ravi',
    ownerRole: 'STUDENT',
    type: 'cultural',
    level: null,
    unit: null,
  },
  'skill claim naming a Coding Club position': {
    kind: 'user-skill',
    ownerId: 'ravi',
    type: 'technical',
    unit: UNITS.coding,
  },
  'skill claim naming no position': {
    kind: 'user-skill',
    ownerId: 'ravi',
    type: 'technical',
    unit: null,
  },
  'self-declared Coding Club position': {
    kind: 'position-record',
    ownerId: 'ravi',
    unit: UNITS.coding,
    verification: 'self_declared',
  },
  'self-declared Music Club position': {
    kind: 'position-record',
    ownerId: 'ravi',
    unit: UNITS.music,
    verification: 'self_declared',
  },
  "Coding Club coordinator's appointment awaiting the council": {
    kind: 'position-record',
    ownerId: 'ravi',
    unit: UNITS.coding,
    verification: 'pending',
  },
};

/** Holdings to be made (appoint: a new holder, Ravi) or ended (their current holder). */
const HOLDINGS: Partial<Record<Subject, { holderId: string; unit: UnitFacts }>> = {
  'President, COSA': { holderId: 'ravi', unit: UNITS.cosa },
  'General Secretary, SciTech': { holderId: 'ravi', unit: UNITS.scitech },
  'Coding Club position': { holderId: 'ravi', unit: UNITS.coding },
  'Music Club position': { holderId: 'ravi', unit: UNITS.music },
  "the president's holding": { holderId: 'president', unit: UNITS.cosa },
  "the SciTech general secretary's holding": { holderId: 'scitech-gs', unit: UNITS.scitech },
  'Coding Club holding': { holderId: 'ravi', unit: UNITS.coding },
  'Music Club holding': { holderId: 'ravi', unit: UNITS.music },
};

function decide(actor: ActorFacts, action: string, subject: Subject): Decision {
  if (action === 'revoke') return canRevokeCredential(actor);
  if (action === 'confirm') return canConfirmHolding(actor, { holderId: 'ravi' });
  if (action === 'verify') return canVerify(actor, RECORDS[subject]!);
  return canManageHolding(actor, HOLDINGS[subject]!);
}

describe('who may verify, appoint, end and revoke what: the rule', () => {
  it.each(AUTHORITY_TABLE.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
    const [actor, action, subject, outcome] = row;
    const decision = decide(ACTORS[actor], action, subject);
    expect(decision.allowed).toBe(outcome === 'allowed');
    // A refusal says why, in words the official can act on.
    if (!decision.allowed) expect(decision.reason.length).toBeGreaterThan(20);
  });

  it('refuses with the reasons the issue names', () => {
    const coordinator = ACTORS['Coding Club coordinator'];
    expect(canVerify(coordinator, RECORDS['national technical achievement tied to no event']!)).toEqual({
      allowed: false,
      reason:
        "A club coordinator verifies only records tied to their own club (its events and positions); this one goes to the council's general secretary or the president.",
    });
    expect(
      canManageHolding(ACTORS['SciTech general secretary'], HOLDINGS["the president's holding"]!),
    ).toEqual({
      allowed: false,
      reason:
        'Council offices (the president, the general secretaries and every position of a council) are appointed, changed and ended by the institute administrator only.',
    });
    expect(canManageHolding(ACTORS.president, HOLDINGS["the president's holding"]!)).toEqual({
      allowed: false,
      reason: 'You cannot appoint yourself or change your own holding: another official does that.',
    });
    expect(
      canManageHolding(ACTORS['SciTech general secretary'], HOLDINGS['Music Club holding']!),
    ).toEqual({
      allowed: false,
      reason:
        'This unit belongs to another council: its own general secretary or the president manages it.',
    });
    expect(canVerify(coordinator, RECORDS['International achievement at a Coding Club event']!)).toEqual(
      {
        allowed: false,
        reason:
          "A club coordinator verifies only achievements at the institute's own level (College) at their club's events; a District, State, National or International achievement, or one with no level, goes to the council's general secretary or the president.",
      },
    );
    expect(canRevokeCredential(ACTORS.president)).toEqual({
      allowed: false,
      reason: 'Only the institute administrator revokes a credential.',
    });
  });

  it('the administrator does not change their own holding either', () => {
    expect(canManageHolding(ACTORS.administrator, { holderId: 'admin', unit: UNITS.cosa }).allowed).toBe(
      false,
    );
  });
});
