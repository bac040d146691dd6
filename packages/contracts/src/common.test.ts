import { describe, expect, it } from 'vitest';
import { isPlainLine, UuidSchema } from './common';

describe('shared input rules', () => {
  it('refuses half of a surrogate pair, and keeps whole pairs such as emoji', () => {
    expect(isPlainLine('Lone \ud800')).toBe(false);
    expect(isPlainLine('\udc00 trailing half')).toBe(false);
    expect(isPlainLine('Quiz night 🎉')).toBe(true);
    expect(isPlainLine('𝒜 mathematical letter')).toBe(true);
  });

  it('refuses marks piled on one letter, and keeps the marks that scripts stack', () => {
    expect(isPlainLine(`Z${'\u0336\u0301'.repeat(15)} party`)).toBe(false);
    expect(isPlainLine('क्षत्रिय संघ')).toBe(true);
    expect(isPlainLine('Nguyễn Thị Ánh')).toBe(true);
    expect(isPlainLine('Ṩ̃ tilde over a dotted S')).toBe(true);
  });

  it('reads a UUID in capitals as the same id in lower case, and refuses what is no UUID', () => {
    expect(UuidSchema.parse('9E4F8898-0A1B-4C2D-8E3F-123456789ABC')).toBe(
      '9e4f8898-0a1b-4c2d-8e3f-123456789abc',
    );
    expect(UuidSchema.safeParse('not-an-id').success).toBe(false);
    expect(UuidSchema.safeParse(42).success).toBe(false);
  });
});
