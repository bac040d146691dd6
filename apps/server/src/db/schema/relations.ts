import { relations } from 'drizzle-orm';
import { activityLog } from './activity';
import { achievements } from './achievements';
import { passwordResetTokens, sessions } from './auth';
import { eventOrganizers, events } from './events';
import { feedback } from './feedback';
import { orgUnits } from './org-units';
import { positionHolders, positions } from './positions';
import { roomBookings, rooms } from './rooms';
import { skills, userSkills } from './skills';
import { studentProfiles, users } from './users';

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(studentProfiles, { fields: [users.id], references: [studentProfiles.userId] }),
  clubUnit: one(orgUnits, {
    fields: [users.clubUnitId],
    references: [orgUnits.id],
    relationName: 'clubCoordinator',
  }),
  sessions: many(sessions),
  positionHolders: many(positionHolders, { relationName: 'holderUser' }),
  userSkills: many(userSkills, { relationName: 'userSkillOwner' }),
  achievements: many(achievements, { relationName: 'achievementOwner' }),
  feedbackGiven: many(feedback, { relationName: 'feedbackAuthor' }),
  roomBookings: many(roomBookings, { relationName: 'bookingRequester' }),
  organizedEvents: many(eventOrganizers),
}));

export const studentProfilesRelations = relations(studentProfiles, ({ one }) => ({
  user: one(users, { fields: [studentProfiles.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}));

export const orgUnitsRelations = relations(orgUnits, ({ one, many }) => ({
  parent: one(orgUnits, {
    fields: [orgUnits.parentId],
    references: [orgUnits.id],
    relationName: 'unitParent',
  }),
  children: many(orgUnits, { relationName: 'unitParent' }),
  coordinators: many(users, { relationName: 'clubCoordinator' }),
  positions: many(positions),
  events: many(events),
}));

export const positionsRelations = relations(positions, ({ one, many }) => ({
  unit: one(orgUnits, { fields: [positions.unitId], references: [orgUnits.id] }),
  creator: one(users, { fields: [positions.createdBy], references: [users.id] }),
  holders: many(positionHolders),
}));

export const positionHoldersRelations = relations(positionHolders, ({ one }) => ({
  user: one(users, {
    fields: [positionHolders.userId],
    references: [users.id],
    relationName: 'holderUser',
  }),
  position: one(positions, { fields: [positionHolders.positionId], references: [positions.id] }),
  appointer: one(users, {
    fields: [positionHolders.appointedBy],
    references: [users.id],
    relationName: 'holderAppointer',
  }),
}));

export const skillsRelations = relations(skills, ({ one, many }) => ({
  endorser: one(users, {
    fields: [skills.endorsedBy],
    references: [users.id],
    relationName: 'skillEndorser',
  }),
  creator: one(users, {
    fields: [skills.createdBy],
    references: [users.id],
    relationName: 'skillCreator',
  }),
  userSkills: many(userSkills),
}));

export const userSkillsRelations = relations(userSkills, ({ one }) => ({
  user: one(users, {
    fields: [userSkills.userId],
    references: [users.id],
    relationName: 'userSkillOwner',
  }),
  skill: one(skills, { fields: [userSkills.skillId], references: [skills.id] }),
  position: one(positions, { fields: [userSkills.positionId], references: [positions.id] }),
  endorser: one(users, {
    fields: [userSkills.endorsedBy],
    references: [users.id],
    relationName: 'userSkillEndorser',
  }),
}));

export const achievementsRelations = relations(achievements, ({ one }) => ({
  user: one(users, {
    fields: [achievements.userId],
    references: [users.id],
    relationName: 'achievementOwner',
  }),
  event: one(events, { fields: [achievements.eventId], references: [events.id] }),
  verifier: one(users, {
    fields: [achievements.verifiedBy],
    references: [users.id],
    relationName: 'achievementVerifier',
  }),
}));

export const eventsRelations = relations(events, ({ one, many }) => ({
  organizingUnit: one(orgUnits, { fields: [events.organizingUnitId], references: [orgUnits.id] }),
  creator: one(users, {
    fields: [events.createdBy],
    references: [users.id],
    relationName: 'eventCreator',
  }),
  organizers: many(eventOrganizers),
  achievements: many(achievements),
}));

export const eventOrganizersRelations = relations(eventOrganizers, ({ one }) => ({
  event: one(events, { fields: [eventOrganizers.eventId], references: [events.id] }),
  user: one(users, { fields: [eventOrganizers.userId], references: [users.id] }),
}));

export const feedbackRelations = relations(feedback, ({ one }) => ({
  author: one(users, {
    fields: [feedback.authorId],
    references: [users.id],
    relationName: 'feedbackAuthor',
  }),
  targetUser: one(users, {
    fields: [feedback.targetUserId],
    references: [users.id],
    relationName: 'feedbackTargetUser',
  }),
  targetEvent: one(events, { fields: [feedback.targetEventId], references: [events.id] }),
  targetUnit: one(orgUnits, { fields: [feedback.targetUnitId], references: [orgUnits.id] }),
  targetPosition: one(positions, { fields: [feedback.targetPositionId], references: [positions.id] }),
  resolver: one(users, {
    fields: [feedback.resolvedBy],
    references: [users.id],
    relationName: 'feedbackResolver',
  }),
}));

export const roomsRelations = relations(rooms, ({ many }) => ({
  bookings: many(roomBookings),
}));

export const roomBookingsRelations = relations(roomBookings, ({ one }) => ({
  room: one(rooms, { fields: [roomBookings.roomId], references: [rooms.id] }),
  requester: one(users, {
    fields: [roomBookings.requestedBy],
    references: [users.id],
    relationName: 'bookingRequester',
  }),
  decider: one(users, {
    fields: [roomBookings.decidedBy],
    references: [users.id],
    relationName: 'bookingDecider',
  }),
}));

export const activityLogRelations = relations(activityLog, ({ one }) => ({
  actor: one(users, { fields: [activityLog.actorId], references: [users.id] }),
}));
