import { describe, expect, it } from 'vitest';
import { daySegments } from './day-segments';

describe('daySegments', () => {
  it('is one free stretch on an empty day', () => {
    expect(daySegments([])).toEqual([{ startTime: '00:00', endTime: '24:00', free: true }]);
  });

  it('takes the approved stretches, merges overlapping and touching ones, and ignores pending requests', () => {
    expect(
      daySegments([
        { startTime: '14:00', endTime: '15:00', status: 'Approved', mine: false },
        { startTime: '09:00', endTime: '10:00', status: 'Approved', mine: false },
        { startTime: '09:30', endTime: '11:00', status: 'Approved', mine: true },
        { startTime: '11:00', endTime: '11:30', status: 'Approved', mine: false },
        { startTime: '16:00', endTime: '18:00', status: 'Pending', mine: false },
      ]),
    ).toEqual([
      { startTime: '00:00', endTime: '09:00', free: true },
      { startTime: '09:00', endTime: '11:30', free: false },
      { startTime: '11:30', endTime: '14:00', free: true },
      { startTime: '14:00', endTime: '15:00', free: false },
      { startTime: '15:00', endTime: '24:00', free: true },
    ]);
  });
});
