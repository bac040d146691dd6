import type { EventDetail, EventSummary } from '@cosa/contracts';
import type { EventRecord } from '../../db/schema/index';
import {
  canCancelEvent,
  canDecideEvent,
  canEditEvent,
  canManageEvent,
  canSeeEvent,
  ineligibility,
  registrationRefusal,
  type EventActor,
  type EventStanding,
} from './events.policy';
import { seesIdentifiers } from '../privacy/visibility.service';
import type { Attendance } from './registrations.read';

/* One event's detail as the actor sees it, from what events.read fetched: pure, no database. */

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** What readEvent fetched about the event and the actor. */
export type EventDetailRow = {
  summary: EventSummary;
  event: EventRecord;
  creatorName: string | null;
  deciderName: string | null;
  organizer: boolean;
  clubCoordinator: boolean | null;
  council: string | null;
  roomName: string | null;
  roomStatus: string | null;
};

/** The detail; null when the actor may not see the event (a proposal of another club). */
export function detailOf(
  actor: EventActor,
  row: EventDetailRow,
  organizers: EventDetail['organizers'],
  attendance: Attendance,
  now: Date = new Date(),
): EventDetail | null {
  const { event, summary } = row;
  const standing: EventStanding = {
    createdBy: event.createdBy,
    status: event.status,
    approval: event.approval,
    organizer: row.organizer,
    clubCoordinator: row.clubCoordinator === true,
    council: row.council,
  };
  if (!canSeeEvent(actor, standing)) return null;
  const manages = canManageEvent(actor, standing);
  const eligibility = {
    batchYears: event.eligibleBatchYears,
    programs: event.eligiblePrograms as EventDetail['eligibility']['programs'],
    disciplines: event.eligibleDisciplines as EventDetail['eligibility']['disciplines'],
  };
  const started = event.scheduleStart !== null && event.scheduleStart.getTime() <= now.getTime();
  return {
    ...summary,
    unit:
      event.organizingUnitId && summary.unitName !== null
        ? { id: event.organizingUnitId, name: summary.unitName }
        : null,
    // A username is a personal detail: named to those who manage people only (decision 0041).
    organizers: seesIdentifiers(actor) ? organizers : organizers.map(({ id, name }) => ({ id, name })),
    registration: {
      required: event.registrationRequired,
      start: iso(event.registrationStart),
      end: iso(event.registrationEnd),
      fees: event.registrationFees,
      maxParticipants: event.maxParticipants,
    },
    budget: manages ? { allocated: event.budgetAllocated, sponsors: event.sponsors } : null,
    eligibility,
    walkIns: event.walkIns,
    approvalDetail: {
      reason: event.approvalReason,
      decidedBy: row.deciderName,
      decidedAt: iso(event.decidedAt),
    },
    roomBooking:
      event.roomBookingId && row.roomName
        ? { id: event.roomBookingId, roomName: row.roomName, status: row.roomStatus ?? 'Pending' }
        : null,
    seats: {
      confirmed: attendance.confirmed,
      waitlisted: attendance.waitlisted,
      checkedIn: manages ? attendance.checkedIn : null,
    },
    registrationOpen: registrationRefusal(event, now) === null,
    mine: attendance.mine,
    ineligibleReason: event.registrationRequired ? ineligibility(eligibility, attendance.facts) : null,
    canDecide: canDecideEvent(actor, standing),
    canManage: manages,
    canRate:
      started &&
      event.status !== 'cancelled' &&
      attendance.mine?.checkedInAt != null &&
      !attendance.rated,
    createdBy:
      event.createdBy && row.creatorName !== null
        ? { id: event.createdBy, name: row.creatorName }
        : null,
    createdAt: event.createdAt.toISOString(),
    canEdit: canEditEvent(actor, standing),
    canCancel: canCancelEvent(
      actor,
      { ...standing, scheduleStart: event.scheduleStart, scheduleEnd: event.scheduleEnd },
      now,
    ),
  };
}
