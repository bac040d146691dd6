import type { IssueTranscriptRequest, TranscriptContent, TranscriptRecords } from '@cosa/contracts';

/** The kinds of record a transcript carries, as the records answer names them. */
export type RecordKind = 'achievements' | 'positions' | 'skills' | 'attendance' | 'memberships';

/** The ids the student ticked, by kind. */
export type Selection = Record<RecordKind, readonly string[]>;

export const EMPTY_SELECTION: Selection = {
  achievements: [],
  positions: [],
  skills: [],
  attendance: [],
  memberships: [],
};

/** Only ticks of records still offered count: a record that left the list (declined meanwhile) is dropped. */
export function chosenContent(records: TranscriptRecords, selection: Selection): TranscriptContent {
  const picked = <T extends { id: string }>(items: T[], ids: readonly string[]) =>
    items.filter((item) => ids.includes(item.id));
  return {
    student: records.student,
    achievements: picked(records.achievements, selection.achievements),
    positions: picked(records.positions, selection.positions),
    skills: picked(records.skills, selection.skills),
    attendance: picked(records.attendance, selection.attendance),
    memberships: picked(records.memberships, selection.memberships),
  };
}

/** How many records a transcript's content holds, of every kind. */
export const recordCount = (content: TranscriptContent): number =>
  content.achievements.length +
  content.positions.length +
  content.skills.length +
  content.attendance.length +
  content.memberships.length;

/** The request that issues exactly what the preview shows. */
export function issueRequest(content: TranscriptContent): IssueTranscriptRequest {
  return {
    achievementIds: content.achievements.map((item) => item.id),
    positionIds: content.positions.map((item) => item.id),
    skillIds: content.skills.map((item) => item.id),
    attendanceIds: content.attendance.map((item) => item.id),
    membershipIds: content.memberships.map((item) => item.id),
  };
}
