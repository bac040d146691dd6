import { describe, expect, it } from 'vitest';
import { correctionValueOf, isCgpaText, yearOfStudyOf, yearOfStudyText } from './identity';

describe("the year of study the institute's record gives", () => {
  it('counts academic years from July on the institute’s clock (India), plus one', () => {
    // 30 June 2026, 23:59 in India: still the academic year 2025-2026.
    const lastOfJune = new Date('2026-06-30T18:29:00Z');
    // 1 July 2026, 00:01 in India (still 30 June in UTC): the academic year 2026-2027.
    const firstOfJuly = new Date('2026-06-30T18:31:00Z');
    expect(yearOfStudyOf(2024, lastOfJune)).toBe(2);
    expect(yearOfStudyOf(2024, firstOfJuly)).toBe(3);
    expect(yearOfStudyOf(2026, firstOfJuly)).toBe(1);
    expect(yearOfStudyOf(2027, firstOfJuly)).toBe(0);
    expect(yearOfStudyOf(null, firstOfJuly)).toBeNull();
    expect([1, 2, 3, 4, 11, 0].map(yearOfStudyText)).toEqual([
      '1st year',
      '2nd year',
      '3rd year',
      '4th year',
      '11th year',
      'Not begun yet',
    ]);
  });

  it('takes a CGPA from 0 to 10 with at most two decimals, kept with two', () => {
    expect(['0', '8', '8.5', '8.25', '10', '10.00'].map(isCgpaText)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['10.5', '8.123', '-1', '8,5', '.5', 'eight', ''].map(isCgpaText)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(correctionValueOf('cgpa', '8.5')).toBe('8.50');
    expect(correctionValueOf('officialName', 'Asha Verma')).toBe('Asha Verma');
  });
});
