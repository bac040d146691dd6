import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../lib/initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Asha Verma')).toBe('AV');
    expect(initialsOf('  rohan kumar mehta ')).toBe('RM');
    expect(initialsOf('Madhu')).toBe('M');
    expect(initialsOf('')).toBe('?');
  });
});
