import { describe, expect, it } from 'vitest';
import { collapseClaims, type MergedClaim } from './admin-skills.policy';

const claim = (overrides: Partial<MergedClaim>): MergedClaim => ({
  id: 'c',
  isEndorsed: false,
  declined: false,
  proficiencyLevel: 'beginner',
  positionId: null,
  ...overrides,
});

describe('collapseClaims', () => {
  it('keeps the endorsed claim, else the higher proficiency, else the one already held', () => {
    const endorsed = claim({ id: 'dup', isEndorsed: true, proficiencyLevel: 'beginner' });
    expect(collapseClaims(endorsed, claim({ id: 'old', proficiencyLevel: 'expert' })).keep.id).toBe(
      'dup',
    );
    expect(
      collapseClaims(
        claim({ id: 'dup', proficiencyLevel: 'expert' }),
        claim({ id: 'old', isEndorsed: true }),
      ).keep.id,
    ).toBe('old');
    expect(
      collapseClaims(
        claim({ id: 'dup', proficiencyLevel: 'advanced' }),
        claim({ id: 'old', proficiencyLevel: 'intermediate' }),
      ).keep.id,
    ).toBe('dup');
    expect(
      collapseClaims(
        claim({ id: 'dup', proficiencyLevel: 'intermediate' }),
        claim({ id: 'old', proficiencyLevel: 'advanced' }),
      ).keep.id,
    ).toBe('old');
    expect(collapseClaims(claim({ id: 'dup' }), claim({ id: 'old' })).keep.id).toBe('old');
    // A declined claim gives way to a pending one.
    expect(
      collapseClaims(
        claim({ id: 'dup', proficiencyLevel: 'beginner' }),
        claim({ id: 'old', declined: true, proficiencyLevel: 'expert' }),
      ).keep.id,
    ).toBe('dup');
  });

  it("keeps a position link, the kept claim's own or else the other's", () => {
    expect(collapseClaims(claim({ id: 'dup', positionId: 'p1' }), claim({ id: 'old' }))).toMatchObject({
      keep: { id: 'old' },
      positionId: 'p1',
    });
    expect(
      collapseClaims(claim({ id: 'dup', positionId: 'p1' }), claim({ id: 'old', positionId: 'p2' })),
    ).toMatchObject({ keep: { id: 'old' }, positionId: 'p2' });
    expect(collapseClaims(claim({ id: 'dup' }), claim({ id: 'old' })).positionId).toBeNull();
  });
});
