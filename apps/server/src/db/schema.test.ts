import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  findRoom,
} from '../../test/factories';
import { openTestDatabase } from '../../test/test-db';
import type { Database, DatabaseHandle } from './client';
import { roomBookings, rooms } from './schema/index';

type PgError = { code?: string; constraint?: string };

/** The PostgreSQL error under Drizzle's wrapper. */
function pgErrorOf(error: unknown): PgError {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && typeof current.code === 'string') return current as PgError;
    current = 'cause' in current ? current.cause : undefined;
  }
  return {};
}

async function rejection(promise: Promise<unknown>): Promise<PgError> {
  try {
    await promise;
  } catch (error) {
    return pgErrorOf(error);
  }
  throw new Error('expected the database to refuse the statement');
}

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});

afterAll(async () => {
  await handle?.close();
});

describe('users', () => {
  it('refuses an e-mail that differs from an existing one only in case', async () => {
    await createUser(db, { email: 'Priya.Menon@iitbhilai.ac.in', username: 'priya.menon' });
    const error = await rejection(
      createUser(db, { email: 'priya.menon@IITBHILAI.ac.in', username: 'priya.menon2' }),
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'users_email_lower_key' });
  });

  it('refuses a student id that is not all digits', async () => {
    const error = await rejection(createUser(db, { studentId: '12A40' }));
    expect(error).toMatchObject({ code: '23514', constraint: 'users_student_id_digits_check' });
  });

  it('refuses a user with neither a password nor a Google account', async () => {
    const error = await rejection(createUser(db, { passwordHash: null }));
    expect(error).toMatchObject({ code: '23514', constraint: 'users_credential_check' });
  });

  it('creates an onboarded student with a profile', async () => {
    const { user, profile } = await createStudent(db);
    expect(user.onboardingComplete).toBe(true);
    expect(user.role).toBe('STUDENT');
    expect(user.studentId).toMatch(/^[0-9]+$/);
    expect(user.email).toMatch(/@iitbhilai\.ac\.in$/);
    expect(profile.userId).toBe(user.id);
    expect(profile.cgpa).toBe(8.25);
  });
});

describe('feedback', () => {
  it('refuses a rating of 6', async () => {
    const error = await rejection(createFeedback(db, { rating: 6 }));
    expect(error).toMatchObject({ code: '23514', constraint: 'feedback_rating_check' });
  });

  it("refuses target_type 'Event' with a user as the target", async () => {
    const user = await createUser(db);
    const error = await rejection(createFeedback(db, { targetType: 'Event', targetUserId: user.id }));
    expect(error).toMatchObject({ code: '23514', constraint: 'feedback_target_check' });
  });

  it('accepts each target type with its matching target', async () => {
    for (const targetType of ['User', 'Event', 'Club/Organization', 'POR'] as const) {
      const row = await createFeedback(db, { targetType, rating: null });
      expect(row.targetType).toBe(targetType);
    }
  });

  it('refuses a resolved flag without a resolution time', async () => {
    const error = await rejection(createFeedback(db, { isResolved: true }));
    expect(error).toMatchObject({ code: '23514', constraint: 'feedback_resolution_check' });
  });
});

describe('room bookings', () => {
  it('seeds Room A and Room B', async () => {
    const names = (await db.select({ name: rooms.name }).from(rooms)).map((room) => room.name);
    expect(names).toEqual(expect.arrayContaining(['Room A', 'Room B']));
  });

  it('allows overlapping pending bookings of one room', async () => {
    const first = await createRoomBooking(db, {
      date: '2030-01-10',
      startTime: '10:00',
      endTime: '12:00',
    });
    const second = await createRoomBooking(db, {
      date: '2030-01-10',
      startTime: '11:00',
      endTime: '13:00',
    });
    expect(second.roomId).toBe(first.roomId);
    expect([first.status, second.status]).toEqual(['Pending', 'Pending']);
  });

  it('refuses an approved booking that overlaps another approved booking of the same room', async () => {
    const slot = { date: '2030-01-11', status: 'Approved' as const };
    await createRoomBooking(db, { ...slot, startTime: '10:00', endTime: '12:00' });
    const error = await rejection(
      createRoomBooking(db, { ...slot, startTime: '11:30', endTime: '13:00' }),
    );
    expect(error).toMatchObject({ code: '23P01', constraint: 'room_bookings_no_overlap' });
  });

  it('refuses approving a pending booking into an overlap', async () => {
    const slot = { date: '2030-01-12', startTime: '09:00', endTime: '10:00' };
    await createRoomBooking(db, { ...slot, status: 'Approved' });
    const pending = await createRoomBooking(db, slot);
    const error = await rejection(
      db.update(roomBookings).set({ status: 'Approved' }).where(eq(roomBookings.id, pending.id)),
    );
    expect(error.code).toBe('23P01');
  });

  it('allows approved bookings back to back, in another room, or on another day', async () => {
    const roomB = await findRoom(db, 'Room B');
    const slot = { date: '2030-01-13', status: 'Approved' as const };
    await createRoomBooking(db, { ...slot, startTime: '10:00', endTime: '11:00' });
    await createRoomBooking(db, { ...slot, startTime: '11:00', endTime: '12:00' });
    await createRoomBooking(db, { ...slot, roomId: roomB.id, startTime: '10:00', endTime: '11:00' });
    await createRoomBooking(db, { ...slot, date: '2030-01-14', startTime: '10:00', endTime: '11:00' });
  });

  it('refuses an end time before the start time', async () => {
    const error = await rejection(createRoomBooking(db, { startTime: '12:00', endTime: '11:00' }));
    expect(error).toMatchObject({ code: '23514', constraint: 'room_bookings_time_order_check' });
  });
});

describe('positions', () => {
  it('refuses a position count of 0', async () => {
    const error = await rejection(createPosition(db, { positionCount: 0 }));
    expect(error).toMatchObject({ code: '23514', constraint: 'positions_position_count_check' });
  });

  it('refuses a position without responsibilities', async () => {
    const error = await rejection(createPosition(db, { responsibilities: [] }));
    expect(error).toMatchObject({ code: '23514', constraint: 'positions_responsibilities_check' });
  });

  it("refuses the tenure '2024-2026' and malformed tenures", async () => {
    for (const tenureYear of ['2024-2026', '2024-2023', '2024', 'abcd-efgh']) {
      const error = await rejection(createPositionHolder(db, { tenureYear }));
      expect(error).toMatchObject({ code: '23514', constraint: 'position_holders_tenure_year_check' });
    }
  });

  it('refuses an appointment date without an appointing user', async () => {
    const error = await rejection(createPositionHolder(db, { appointmentDate: '2024-07-01' }));
    expect(error).toMatchObject({ code: '23514', constraint: 'position_holders_appointment_check' });
  });

  it('refuses holding the same position twice in one tenure', async () => {
    const holder = await createPositionHolder(db, { tenureYear: '2024-2025' });
    const error = await rejection(
      createPositionHolder(db, {
        userId: holder.userId,
        positionId: holder.positionId,
        tenureYear: '2024-2025',
      }),
    );
    expect(error.code).toBe('23505');
  });
});

describe('skills', () => {
  it('refuses a skill name that differs from an existing one only in case', async () => {
    await createSkill(db, { name: 'Public Speaking' });
    const error = await rejection(createSkill(db, { name: 'public speaking' }));
    expect(error).toMatchObject({ code: '23505', constraint: 'skills_name_lower_key' });
  });
});

describe('readable ids', () => {
  it('numbers records like POS-00001', async () => {
    const position = await createPosition(db);
    const holder = await createPositionHolder(db, { positionId: position.id });
    expect(position.positionCode).toMatch(/^POS-\d{5}$/);
    expect(holder.porCode).toMatch(/^POR-\d{5}$/);
    expect((await createOrgUnit(db)).unitCode).toMatch(/^UNIT-\d{4}$/);
    expect((await createSkill(db)).skillCode).toMatch(/^SKL-\d{5}$/);
    expect((await createEvent(db)).eventCode).toMatch(/^EVT-\d{5}$/);
  });

  it('gives the first position of a fresh database POS-00001', async () => {
    const fresh = await openTestDatabase();
    try {
      expect((await createPosition(fresh.db)).positionCode).toBe('POS-00001');
    } finally {
      await fresh.close();
    }
  });
});
