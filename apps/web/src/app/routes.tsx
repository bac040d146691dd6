import { lazy, type ComponentType } from 'react';
import type { PagePath } from '@cosa/contracts';

/** A page of the app: its PAGE_ACCESS key (which is also its URL pattern) and its component. */
export type PageRoute = {
  path: Exclude<PagePath, '/'>;
  /** A page component; use React.lazy for large pages. */
  Component: ComponentType;
};

/** What every page but the sign-in pages loads with its own code: the query client, the shell. */
const loadSignedInArea = () => import('./signed-in-area');

/** The shell of the signed-in area (header, navigation), the layout of its pages. */
export const ShellLayout = lazy(async () => ({ default: (await loadSignedInArea()).SignedInLayout }));

/**
 * A sign-in page (what a signed-out visitor opens first), loaded with its module's named export
 * as a chunk of its own: nothing else, so that it shows as soon as possible.
 */
function signInPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Any other page, loaded with the signed-in pages' common parts (`loadSignedInArea`) at the same
 * time.
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => {
    const [module, area] = await Promise.all([load(), loadSignedInArea()]);
    return { default: area.inSignedInArea(module[name] as ComponentType) };
  });
}

const LoginPage = signInPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = signInPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = signInPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = signInPage(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const GoogleUnavailablePage = signInPage(
  () => import('../features/auth/google-unavailable-page'),
  'GoogleUnavailablePage',
);
const VerifyEmailPage = signInPage(
  () => import('../features/auth/verify-email-page'),
  'VerifyEmailPage',
);
const VerifyEmailLinkPage = signInPage(
  () => import('../features/auth/verify-email-link-page'),
  'VerifyEmailLinkPage',
);
const LogoutPage = signInPage(() => import('../features/auth/logout-page'), 'LogoutPage');
const UnauthorisedPage = signInPage(
  () => import('../features/unauthorised/unauthorised-page'),
  'UnauthorisedPage',
);
const OnboardingPage = page(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage');
const StudentHomePage = page(
  () => import('../features/dashboards/student-home-page'),
  'StudentHomePage',
);
const ProfilePage = page(() => import('../features/profile/profile-page'), 'ProfilePage');
const SkillsPage = page(() => import('../features/skills/skills-page'), 'SkillsPage');
const AddAchievementPage = page(
  () => import('../features/achievements/add-achievement-page'),
  'AddAchievementPage',
);
const ViewAchievementsPage = page(
  () => import('../features/achievements/view-achievements-page'),
  'ViewAchievementsPage',
);
const ManagePositionPage = page(
  () => import('../features/positions/manage-position-page'),
  'ManagePositionPage',
);
const FeedbackPage = page(() => import('../features/feedback/feedback-page'), 'FeedbackPage');
const ViewFeedbackPage = page(
  () => import('../features/feedback/view-feedback-page'),
  'ViewFeedbackPage',
);
const EventsPage = page(() => import('../features/events/events-page'), 'EventsPage');
const EventDetailPage = page(() => import('../features/events/event-detail-page'), 'EventDetailPage');
const AddEventPage = page(() => import('../features/events/event-form-page'), 'AddEventPage');
const EditEventPage = page(() => import('../features/events/event-form-page'), 'EditEventPage');
const TicketPage = page(() => import('../features/events/ticket-page'), 'TicketPage');
const CheckInPage = page(() => import('../features/events/check-in-page'), 'CheckInPage');
const MyEventsPage = page(() => import('../features/events/my-events-page'), 'MyEventsPage');
const RegistrantsPage = page(() => import('../features/events/registrants-page'), 'RegistrantsPage');
const ClubsPage = page(() => import('../features/clubs/clubs-page'), 'ClubsPage');
const ClubDetailPage = page(() => import('../features/clubs/club-detail-page'), 'ClubDetailPage');
const GensecDashboardPage = page(
  () => import('../features/dashboards/gensec-dashboard-page'),
  'GensecDashboardPage',
);
const EndorsePage = page(() => import('../features/endorsements/endorse-page'), 'EndorsePage');
const PresidentDashboardPage = page(
  () => import('../features/dashboards/president-dashboard-page'),
  'PresidentDashboardPage',
);
const ClubDashboardPage = page(
  () => import('../features/club/club-dashboard-page'),
  'ClubDashboardPage',
);
const ClubPageEditPage = page(
  () => import('../features/club-admin/club-page-edit-page'),
  'ClubPageEditPage',
);
const ClubMembersPage = page(
  () => import('../features/club-admin/club-members-page'),
  'ClubMembersPage',
);
const AdminClubTagsPage = page(
  () => import('../features/club-admin/club-tags-page'),
  'AdminClubTagsPage',
);
const CosaViewPage = page(() => import('../features/council-view/cosa-view-page'), 'CosaViewPage');
const PersonPage = page(() => import('../features/people/person-page'), 'PersonPage');
const CosaPage = page(() => import('../features/cosa/cosa-page'), 'CosaPage');
const CosaCreatePage = page(() => import('../features/cosa/cosa-create-page'), 'CosaCreatePage');
const RoomBookingPage = page(() => import('../features/rooms/room-booking-page'), 'RoomBookingPage');
const PresidentApprovalPage = page(
  () => import('../features/rooms/president-approval-page'),
  'PresidentApprovalPage',
);
const TranscriptPage = page(() => import('../features/transcript/transcript-page'), 'TranscriptPage');
const VerifyTranscriptPage = page(
  () => import('../features/transcript/verify-transcript-page'),
  'VerifyTranscriptPage',
);
const VerifyCredentialPage = page(
  () => import('../features/transcript/verify-credential-page'),
  'VerifyCredentialPage',
);
const AdminPositionsPage = page(
  () => import('../features/cosa/admin-positions-page'),
  'AdminPositionsPage',
);
const AdminHomePage = page(() => import('../features/admin/admin-home-page'), 'AdminHomePage');
const AdminUsersPage = page(() => import('../features/admin/users/admin-users-page'), 'AdminUsersPage');
const AdminUserPage = page(() => import('../features/admin/users/admin-user-page'), 'AdminUserPage');
const AdminUnitsPage = page(() => import('../features/admin/units/admin-units-page'), 'AdminUnitsPage');
const AdminRoomsPage = page(() => import('../features/admin/rooms/admin-rooms-page'), 'AdminRoomsPage');
const AdminSkillsPage = page(
  () => import('../features/admin/skills/admin-skills-page'),
  'AdminSkillsPage',
);
const AdminAuditPage = page(() => import('../features/admin/audit/admin-audit-page'), 'AdminAuditPage');
const AdminCredentialsPage = page(
  () => import('../features/admin/credentials/admin-credentials-page'),
  'AdminCredentialsPage',
);
const AdminImportPage = page(
  () => import('../features/admin/import/admin-import-page'),
  'AdminImportPage',
);
const AdminCorrectionsPage = page(
  () => import('../features/admin/identity/admin-corrections-page'),
  'AdminCorrectionsPage',
);
const AdminStudentIdsPage = page(
  () => import('../features/admin/identity/admin-student-ids-page'),
  'AdminStudentIdsPage',
);
const NotificationsPage = page(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const NotificationSettingsPage = page(
  () => import('../features/notifications/notification-settings-page'),
  'NotificationSettingsPage',
);
const PrivacyNoticePage = page(
  () => import('../features/privacy/privacy-notice-page'),
  'PrivacyNoticePage',
);
const PrivacySettingsPage = page(
  () => import('../features/privacy/privacy-settings-page'),
  'PrivacySettingsPage',
);
const UnsubscribePage = page(
  () => import('../features/notifications/unsubscribe-page'),
  'UnsubscribePage',
);
const AnnouncementsPage = page(
  () => import('../features/announcements/announcements-page'),
  'AnnouncementsPage',
);
const ElectionsPage = page(() => import('../features/elections/elections-page'), 'ElectionsPage');
const NewElectionPage = page(() => import('../features/elections/new-election-page'), 'NewElectionPage');
const ElectionPage = page(() => import('../features/elections/election-page'), 'ElectionPage');
const EditElectionPage = page(
  () => import('../features/elections/edit-election-page'),
  'EditElectionPage',
);
const BallotPage = page(() => import('../features/elections/ballot-page'), 'BallotPage');
const PostResultsPage = page(() => import('../features/elections/post-results-page'), 'PostResultsPage');
const BudgetsPage = page(() => import('../features/money/budgets-page'), 'BudgetsPage');
const LinePage = page(() => import('../features/money/line-page'), 'LinePage');
const ClaimsPage = page(() => import('../features/money/claims-page'), 'ClaimsPage');
const NewClaimPage = page(() => import('../features/money/claim-form-page'), 'NewClaimPage');
const EditClaimPage = page(() => import('../features/money/claim-form-page'), 'EditClaimPage');
const ClaimPage = page(() => import('../features/money/claim-page'), 'ClaimPage');
const TermReportPage = page(() => import('../features/reports/term-report-page'), 'TermReportPage');

/**
 * Every page of the app, in one list. A feature adds its pages here; the guard applies
 * the path's PAGE_ACCESS declaration. '/' and unknown paths are handled by the router.
 */
export const pageRoutes: readonly PageRoute[] = [
  { path: '/login', Component: LoginPage },
  { path: '/register', Component: RegisterPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/reset-password/:id/:token', Component: ResetPasswordPage },
  { path: '/google-unavailable', Component: GoogleUnavailablePage },
  { path: '/verify-email', Component: VerifyEmailPage },
  { path: '/verify-email/:token', Component: VerifyEmailLinkPage },
  { path: '/logout', Component: LogoutPage },
  { path: '/onboarding', Component: OnboardingPage },
  { path: '/unauthorised', Component: UnauthorisedPage },
  { path: '/home', Component: StudentHomePage },
  { path: '/profile', Component: ProfilePage },
  { path: '/skills', Component: SkillsPage },
  { path: '/add-achievement', Component: AddAchievementPage },
  { path: '/view-achievements', Component: ViewAchievementsPage },
  { path: '/manage-position', Component: ManagePositionPage },
  { path: '/council', Component: CosaViewPage },
  { path: '/people/:id', Component: PersonPage },
  { path: '/feedback', Component: FeedbackPage },
  { path: '/viewfeedback', Component: ViewFeedbackPage },
  { path: '/events', Component: EventsPage },
  { path: '/events/:id', Component: EventDetailPage },
  { path: '/add-event', Component: AddEventPage },
  { path: '/events/:id/edit', Component: EditEventPage },
  { path: '/events/:id/ticket', Component: TicketPage },
  { path: '/events/:id/check-in', Component: CheckInPage },
  { path: '/events/mine', Component: MyEventsPage },
  { path: '/events/:id/registrations', Component: RegistrantsPage },
  { path: '/clubs', Component: ClubsPage },
  { path: '/clubs/:slug', Component: ClubDetailPage },
  { path: '/gensec-cult', Component: GensecDashboardPage },
  { path: '/gensec-sport', Component: GensecDashboardPage },
  { path: '/gensec-acad', Component: GensecDashboardPage },
  { path: '/gensec-tech', Component: GensecDashboardPage },
  { path: '/gensec-endorse', Component: EndorsePage },
  { path: '/president-dashboard', Component: PresidentDashboardPage },
  { path: '/roombooking', Component: RoomBookingPage },
  { path: '/president-approval', Component: PresidentApprovalPage },
  { path: '/club-dashboard', Component: ClubDashboardPage },
  { path: '/clubs/:slug/edit', Component: ClubPageEditPage },
  { path: '/club-dashboard/members', Component: ClubMembersPage },
  { path: '/admin/club-tags', Component: AdminClubTagsPage },
  { path: '/cosa', Component: CosaPage },
  { path: '/cosa/create', Component: CosaCreatePage },
  { path: '/transcript', Component: TranscriptPage },
  { path: '/verify', Component: VerifyCredentialPage },
  { path: '/verify/:id', Component: VerifyTranscriptPage },
  { path: '/admin', Component: AdminHomePage },
  { path: '/admin/users', Component: AdminUsersPage },
  { path: '/admin/users/:id', Component: AdminUserPage },
  { path: '/admin/units', Component: AdminUnitsPage },
  { path: '/admin/positions', Component: AdminPositionsPage },
  { path: '/admin/rooms', Component: AdminRoomsPage },
  { path: '/admin/corrections', Component: AdminCorrectionsPage },
  { path: '/admin/student-ids', Component: AdminStudentIdsPage },
  { path: '/admin/skills', Component: AdminSkillsPage },
  { path: '/admin/audit', Component: AdminAuditPage },
  { path: '/admin/import', Component: AdminImportPage },
  { path: '/admin/credentials', Component: AdminCredentialsPage },
  { path: '/notifications', Component: NotificationsPage },
  { path: '/notifications/settings', Component: NotificationSettingsPage },
  { path: '/announcements', Component: AnnouncementsPage },
  { path: '/unsubscribe', Component: UnsubscribePage },
  { path: '/privacy', Component: PrivacyNoticePage },
  { path: '/settings/privacy', Component: PrivacySettingsPage },
  { path: '/elections', Component: ElectionsPage },
  { path: '/elections/new', Component: NewElectionPage },
  { path: '/elections/:id', Component: ElectionPage },
  { path: '/elections/:id/edit', Component: EditElectionPage },
  { path: '/elections/:id/posts/:postId/vote', Component: BallotPage },
  { path: '/elections/:id/posts/:postId/results', Component: PostResultsPage },
  { path: '/money', Component: BudgetsPage },
  { path: '/money/lines/:id', Component: LinePage },
  { path: '/money/claims', Component: ClaimsPage },
  { path: '/money/claims/new', Component: NewClaimPage },
  { path: '/money/claims/:id', Component: ClaimPage },
  { path: '/money/claims/:id/edit', Component: EditClaimPage },
  { path: '/reports', Component: TermReportPage },
];
