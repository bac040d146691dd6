import { describe, expect, it } from 'vitest';
import { listed, misfitChildren, placementProblem } from './admin-units.policy';

// The tree rules of /admin/units, typed by hand.
const apex = { id: 'a', name: 'COSA', type: 'council', retired: false } as const;
const scitech = { id: 's', name: 'SciTech Council', type: 'committee', retired: false } as const;
const club = { id: 'c', name: 'Robotics Club', type: 'club', retired: false } as const;

describe('placementProblem', () => {
  it('puts the apex council at the top and nowhere else', () => {
    expect(placementProblem('council', null)).toBeNull();
    expect(placementProblem('council', scitech)).toBe(
      'The apex council is the top of the tree: it sits under no unit.',
    );
  });

  it('puts a council directly under the apex council', () => {
    expect(placementProblem('committee', apex)).toBeNull();
    for (const parent of [scitech, club])
      expect(placementProblem('committee', parent)).toBe(
        'A council sits directly under the apex council.',
      );
    expect(placementProblem('committee', null)).toBe('Choose the unit this one sits under.');
  });

  it('puts a club under the apex council, a council or another club, never under a retired unit', () => {
    for (const parent of [apex, scitech, club]) expect(placementProblem('club', parent)).toBeNull();
    expect(placementProblem('club', null)).toBe('Choose the unit this one sits under.');
    expect(placementProblem('club', { ...club, retired: true })).toBe(
      'Robotics Club is retired; choose a unit that is not.',
    );
  });
});

describe('misfitChildren', () => {
  it('names the children a new type could not hold', () => {
    const children = [
      { name: 'Cultural Council', type: 'committee' },
      { name: 'Quiz Club', type: 'club' },
    ] as const;
    expect(misfitChildren('council', children)).toEqual([]);
    expect(misfitChildren('committee', children)).toEqual(['Cultural Council']);
    expect(misfitChildren('club', children)).toEqual(['Cultural Council']);
  });
});

describe('listed', () => {
  it('shows five names, then how many more', () => {
    expect(listed(['A', 'B'])).toBe('A, B');
    expect(listed(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toBe('A, B, C, D, E and 2 more');
  });
});
