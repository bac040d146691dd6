import { afterEach, describe, expect, it } from 'vitest';
import { currentYear } from './current-year';
import {
  formatDate,
  formatDateIN,
  formatDateTime,
  formatDateTimeRange,
  formatDayMonthYear,
  formatINR,
  formatMonthYear,
  formatPositionDate,
  formatWeekdayDate,
  formatWeekdayDateTime,
  setInstituteTimeZone,
  isoDateIn,
  isoToZonedDateTime,
  zonedDateTimeToIso,
} from './format';

describe('dates', () => {
  const instant = '2026-11-21T10:00:00Z';
  afterEach(() => setInstituteTimeZone('Asia/Kolkata'));

  it('writes every date in one style, day month year, on the institute clock', () => {
    expect(formatDate(instant)).toBe('21 Nov 2026');
    expect(formatDate('2026-09-05T06:00:00Z')).toBe('5 Sep 2026');
    // 01:30 on the 22nd in India.
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('22 Nov 2026');
    expect(formatDate('2026-11-21T20:00:00Z', 'America/New_York')).toBe('21 Nov 2026');
    expect(formatWeekdayDate('2026-11-25')).toBe('Wed, 25 Nov 2026');
  });

  it('writes a month and year on the institute clock, as a membership period is written', () => {
    expect(formatMonthYear(instant)).toBe('Nov 2026');
    // 01:30 on 1 August in India, still July in UTC.
    expect(formatMonthYear('2025-07-31T20:00:00Z')).toBe('Aug 2025');
    expect(formatMonthYear('2025-07-31T20:00:00Z', 'UTC')).toBe('Jul 2025');
    expect(formatMonthYear('2025-09-01')).toBe('Sep 2025');
    expect(formatMonthYear(null)).toBe('N/A');
  });

  it('writes times on the 24-hour clock', () => {
    expect(formatDateTime(instant)).toBe('21 Nov 2026, 15:30');
    expect(formatDateTime('2026-11-21T18:45:00Z')).toBe('22 Nov 2026, 00:15');
    expect(formatWeekdayDateTime('2026-11-22T11:36:00Z')).toBe('Sun, 22 Nov 2026, 17:06');
  });

  it("takes the institute's time zone from its configuration", () => {
    setInstituteTimeZone('America/New_York');
    expect(formatDateTime(instant)).toBe('21 Nov 2026, 05:00');
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('21 Nov 2026');
  });

  it('keeps a calendar date on its day in every time zone', () => {
    setInstituteTimeZone('America/New_York');
    expect(formatDate('2026-11-05')).toBe('5 Nov 2026');
    expect(formatPositionDate('2026-11-05')).toBe('Nov 5, 2026');
    expect(formatDayMonthYear('2026-11-05')).toBe('05 Nov 2026');
  });

  it("keeps the spec's own formats where it names them", () => {
    // Position views: en-US short; achievements: dd MMM yyyy; club views: en-IN.
    expect(formatPositionDate(instant)).toBe('Nov 21, 2026');
    expect(formatDayMonthYear('2026-09-05T06:00:00Z')).toBe('05 Sep 2026');
    expect(formatDateIN(instant)).toBe('21/11/2026');
  });

  it("shows 'N/A' for a missing or invalid date", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
    expect(formatPositionDate(null)).toBe('N/A');
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

describe('zonedDateTimeToIso', () => {
  it('reads a date and time on the institute clock (Asia/Kolkata is 5:30 ahead of UTC)', () => {
    expect(zonedDateTimeToIso('2026-12-01', '18:30', 'Asia/Kolkata')).toBe('2026-12-01T13:00:00.000Z');
    expect(zonedDateTimeToIso('2026-12-01', '02:00', 'Asia/Kolkata')).toBe('2026-11-30T20:30:00.000Z');
    expect(zonedDateTimeToIso('2026-12-01', '18:30')).toBe('2026-12-01T13:00:00.000Z');
    expect(zonedDateTimeToIso('2026-12-01', '18:30', 'UTC')).toBe('2026-12-01T18:30:00.000Z');
  });

  it('takes the offset in force on that day, daylight saving included', () => {
    expect(zonedDateTimeToIso('2026-07-04', '12:00', 'America/New_York')).toBe(
      '2026-07-04T16:00:00.000Z',
    );
    expect(zonedDateTimeToIso('2026-12-01', '12:00', 'America/New_York')).toBe(
      '2026-12-01T17:00:00.000Z',
    );
    // Clocks went forward at 02:00 that morning.
    expect(zonedDateTimeToIso('2026-03-08', '03:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('gives null for a missing or impossible date or time', () => {
    expect(zonedDateTimeToIso('', '18:30', 'Asia/Kolkata')).toBeNull();
    expect(zonedDateTimeToIso('2026-12-01', '', 'Asia/Kolkata')).toBeNull();
    expect(zonedDateTimeToIso('2026-02-30', '10:00', 'Asia/Kolkata')).toBeNull();
    expect(zonedDateTimeToIso('2026-12-01', '24:00', 'Asia/Kolkata')).toBeNull();
    expect(zonedDateTimeToIso('01/12/2026', '10:00', 'Asia/Kolkata')).toBeNull();
  });
});

describe('isoToZonedDateTime', () => {
  it('gives the date and time an instant shows on the institute clock', () => {
    expect(isoToZonedDateTime('2026-12-01T13:00:00.000Z', 'Asia/Kolkata')).toEqual({
      date: '2026-12-01',
      time: '18:30',
    });
    expect(isoToZonedDateTime('2026-12-31T20:00:00Z', 'Asia/Kolkata')).toEqual({
      date: '2027-01-01',
      time: '01:30',
    });
    expect(isoToZonedDateTime('2026-12-01T18:30:00Z', 'Asia/Kolkata')).toEqual({
      date: '2026-12-02',
      time: '00:00',
    });
    expect(isoToZonedDateTime('2026-07-04T16:00:00Z', 'America/New_York')).toEqual({
      date: '2026-07-04',
      time: '12:00',
    });
  });

  it('gives null for a missing instant', () => {
    expect(isoToZonedDateTime(null, 'Asia/Kolkata')).toBeNull();
    expect(isoToZonedDateTime('', 'Asia/Kolkata')).toBeNull();
  });
});

describe('formatDateTimeRange', () => {
  it('names the day once when the event starts and ends on it', () => {
    expect(formatDateTimeRange('2026-12-01T13:00:00Z', '2026-12-01T15:30:00Z', 'Asia/Kolkata')).toBe(
      '1 Dec 2026, 18:30 – 21:00',
    );
  });

  it('names both days when the event runs past midnight on the institute clock', () => {
    expect(formatDateTimeRange('2026-12-01T13:00:00Z', '2026-12-02T04:30:00Z', 'Asia/Kolkata')).toBe(
      '1 Dec 2026, 18:30 – 2 Dec 2026, 10:00',
    );
    expect(formatDateTimeRange('2026-12-01T13:00:00Z', '2026-12-01T19:00:00Z', 'Asia/Kolkata')).toBe(
      '1 Dec 2026, 18:30 – 2 Dec 2026, 00:30',
    );
  });

  it('shows the start alone without an end, and nothing without a start', () => {
    expect(formatDateTimeRange('2026-12-01T13:00:00Z', null, 'Asia/Kolkata')).toBe('1 Dec 2026, 18:30');
    expect(formatDateTimeRange(null, '2026-12-01T13:00:00Z', 'Asia/Kolkata')).toBeNull();
  });
});
