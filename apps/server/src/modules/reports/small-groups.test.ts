import { describe, expect, it } from 'vitest';
import { hoursOf, mergeBuckets, people, protectGroups, shareOf } from './small-groups.policy';

const OTHER = 'Other groups (fewer than 5 each)';
const row = (group: string, students: number, participants: number) => ({
  group,
  counts: { students, participants },
});
const bySize = (r: { counts: { students: number } }) => r.counts.students;

describe('the term report: small groups', () => {
  it('hides a count of 1 to 4 people and shows 0 and 5', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(people)).toEqual([0, null, null, null, null, 5, 6]);
  });

  it('gives a share only when both sides are shown and the whole is not zero', () => {
    expect(shareOf(5, 20)).toBe(0.25);
    expect(shareOf(0, 20)).toBe(0);
    expect(shareOf(3, 20)).toBeNull();
    expect(shareOf(0, 0)).toBeNull();
    expect(shareOf(7, 21)).toBe(0.3333);
  });

  it('gives times only from 5 items', () => {
    expect(hoursOf(12.345, 5)).toBe(12.3);
    expect(hoursOf(12.345, 4)).toBeNull();
  });

  it('names every group when none is small', () => {
    const rows = [row('2023', 10, 5), row('2024', 8, 0)];
    expect(protectGroups(rows, ['students', 'participants'], bySize)).toEqual(rows);
  });

  it('puts a small group with the smallest others until the row is 5 or more', () => {
    // 2022 has 3 students: alone in Other it would be 3 = total 33 - 12 - 10 - 8, so the smallest
    // named group (2024, 8 students, 0 took part) joins it: 11 students, 2 took part: still small,
    // so the next smallest (2023, 10 students, 5 took part) joins: 21 students, 7 took part.
    const rows = [row('2021', 12, 6), row('2022', 3, 2), row('2023', 10, 5), row('2024', 8, 0)];
    expect(protectGroups(rows, ['students', 'participants'], bySize)).toEqual([
      row('2021', 12, 6),
      { group: OTHER, counts: { students: 21, participants: 7 } },
    ]);
  });

  it('puts every group together when nothing else makes 5', () => {
    const rows = [row('A', 2, 1), row('B', 2, 1)];
    expect(protectGroups(rows, ['students', 'participants'], bySize)).toEqual([
      { group: OTHER, counts: { students: 4, participants: 2 } },
    ]);
  });

  it('merges a small top bucket down and a small lowest bucket up', () => {
    expect(
      mergeBuckets([
        { low: 1, high: 1, students: 2 },
        { low: 2, high: 2, students: 9 },
        { low: 3, high: 4, students: 6 },
        { low: 5, high: 9, students: 3 },
        { low: 10, high: null, students: 1 },
      ]),
    ).toEqual([
      // 10+ (1) and 5-9 (3) make 4, still small, so 3-4 joins them: 3 or more, 10; 1 (2) joins 2.
      { activities: '1-2', students: 11 },
      { activities: '3 or more', students: 10 },
    ]);
  });
});
