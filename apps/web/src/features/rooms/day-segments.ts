import type { RoomSlots } from '@cosa/contracts';

export type DaySegment = { startTime: string; endTime: string; free: boolean };

const DAY_START = '00:00';
const DAY_END = '24:00';

/**
 * The day of a room cut into free and taken stretches, in order: taken where an approved booking
 * holds it (overlapping or touching ones merged), free in between. Pending requests do not take
 * the room; they are listed apart.
 */
export function daySegments(taken: RoomSlots['taken']): DaySegment[] {
  const approved = taken
    .filter((slot) => slot.status === 'Approved')
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
  const merged: { startTime: string; endTime: string }[] = [];
  for (const slot of approved) {
    const last = merged.at(-1);
    if (last && slot.startTime <= last.endTime)
      last.endTime = slot.endTime > last.endTime ? slot.endTime : last.endTime;
    else merged.push({ startTime: slot.startTime, endTime: slot.endTime });
  }
  const segments: DaySegment[] = [];
  let cursor = DAY_START;
  for (const block of merged) {
    if (block.startTime > cursor)
      segments.push({ startTime: cursor, endTime: block.startTime, free: true });
    segments.push({ ...block, free: false });
    cursor = block.endTime;
  }
  if (cursor < DAY_END) segments.push({ startTime: cursor, endTime: DAY_END, free: true });
  return segments;
}
