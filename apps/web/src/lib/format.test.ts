import { describe, expect, it } from 'vitest';
import { currentYear, formatDate, formatDateIN, formatDateTime, formatDayMonthYear, formatINR, isoDateIn } from './format';

describe('dates', () => {
  const instant = '2026-11-21T10:00:00Z';

  it('formats en-US short dates in the institute time zone', () => {
    expect(formatDate(instant)).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-21T20:00:00Z', 'America/New_York')).toBe('Nov 21, 2026');
  });

  it('formats dd MMM yyyy with a three-letter month', () => {
    expect(formatDayMonthYear('2026-09-05T06:00:00Z')).toBe('05 Sep 2026');
    expect(formatDayMonthYear(new Date(instant))).toBe('21 Nov 2026');
  });

  it('formats en-IN dates', () => {
    expect(formatDateIN(instant)).toBe('21/11/2026');
  });

  it('formats a date with its time', () => {
    expect(formatDateTime(instant)).toBe('Nov 21, 2026, 3:30 PM');
  });

  it("shows 'N/A' for a missing or invalid date", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDayMonthYear('not a date')).toBe('N/A');
  });

  it('gives the calendar date and year in the time zone', () => {
    expect(isoDateIn('2026-12-31T20:00:00Z')).toBe('2027-01-01');
    expect(currentYear('Asia/Kolkata', new Date('2026-12-31T20:00:00Z'))).toBe(2027);
    expect(currentYear('UTC', new Date('2026-12-31T20:00:00Z'))).toBe(2026);
  });
});

describe('formatINR', () => {
  it('shows rupees with Indian grouping and no decimals', () => {
    expect(formatINR(123456.7)).toBe('₹1,23,457');
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR('2500.50')).toBe('₹2,501');
  });

  it('shows 0 for a missing amount', () => {
    expect(formatINR(null)).toBe('₹0');
    expect(formatINR(undefined)).toBe('₹0');
  });
});
