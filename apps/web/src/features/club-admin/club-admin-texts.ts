import { ApiError } from '../../lib/api-client';

/** The words of the coordinator's club pages and the administrator's tag list. */
export const CLUB_ADMIN_TEXTS = {
  editHeading: 'Edit club page',
  pageLoading: 'Loading the club page...',
  pageLoadFailed: 'The club page could not be loaded.',
  pageSaveFailed: 'The club page could not be saved. Please try again.',
  keptChanges: 'Your changes from before are kept here. They are not saved yet.',
  unsavedChanges: 'You have changes that are not saved yet.',
  discardChanges: 'Discard changes',
  recruitingSaveFailed: 'Recruiting could not be saved. Please try again.',
  recruitingOpen: 'The club is taking new members.',
  recruitingClosed: 'The club is not taking new members.',
  tagsLoadFailed: 'The tags could not be loaded.',
  noTagsYet: 'The administrator has not added any tags yet.',
  imageUploadFailed: 'The picture could not be uploaded. Please try again.',
  imageRemoveFailed: 'The picture could not be removed. Please try again.',
  membersHeading: 'Members and requests',
  membersLoading: 'Loading your club...',
  requestsLoading: 'Loading join requests...',
  requestsLoadFailed: 'The join requests could not be loaded.',
  noRequests: 'No requests are waiting.',
  decisionFailed: 'The decision could not be saved. Please try again.',
  inviteFailed: 'The invitation could not be sent. Please try again.',
  rosterLoading: 'Loading members...',
  rosterLoadFailed: 'The roster could not be loaded.',
  roleFailed: 'The role could not be changed. Please try again.',
  removeFailed: 'The member could not be removed. Please try again.',
  tagsHeading: 'Club tags',
  noTags: 'No tags yet: add the first one above.',
  tagsLoading: 'Loading tags...',
  tagAddFailed: 'The tag could not be added. Please try again.',
  tagRenameFailed: 'The tag could not be renamed. Please try again.',
  tagRemoveFailed: 'The tag could not be removed. Please try again.',
} as const;

/** The server's own words for a refusal the user can act on, else the plain line given. */
export function refusalOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}
