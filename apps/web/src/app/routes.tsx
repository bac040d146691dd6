import { lazy, type ComponentType } from 'react';
import type { PagePath } from '@cosa/contracts';
import { UnauthorisedPage } from '../features/unauthorised/unauthorised-page';

/** A page of the app: its PAGE_ACCESS key (which is also its URL pattern) and its component. */
export type PageRoute = {
  path: Exclude<PagePath, '/'>;
  /** A page component; use React.lazy for large pages. */
  Component: ComponentType;
  /** 'student': shown beside the student's side menu (the record pages); 'admin': beside the administrator's. */
  frame?: 'student' | 'admin';
};

/** A lazily loaded page from a module's named export, so each page is its own chunk. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const GoogleUnavailablePage = page(
  () => import('../features/auth/google-unavailable-page'),
  'GoogleUnavailablePage',
);
const VerifyEmailPage = page(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage');
const VerifyEmailLinkPage = page(
  () => import('../features/auth/verify-email-link-page'),
  'VerifyEmailLinkPage',
);
const LogoutPage = page(() => import('../features/auth/logout-page'), 'LogoutPage');
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
const CosaViewPage = page(() => import('../features/council-view/cosa-view-page'), 'CosaViewPage');
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
const AdminImportPage = page(
  () => import('../features/admin/import/admin-import-page'),
  'AdminImportPage',
);
const NotificationsPage = page(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const NotificationSettingsPage = page(
  () => import('../features/notifications/notification-settings-page'),
  'NotificationSettingsPage',
);
const UnsubscribePage = page(
  () => import('../features/notifications/unsubscribe-page'),
  'UnsubscribePage',
);
const AnnouncementsPage = page(
  () => import('../features/announcements/announcements-page'),
  'AnnouncementsPage',
);

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
  { path: '/profile', Component: ProfilePage, frame: 'student' },
  { path: '/skills', Component: SkillsPage, frame: 'student' },
  { path: '/add-achievement', Component: AddAchievementPage, frame: 'student' },
  { path: '/view-achievements', Component: ViewAchievementsPage, frame: 'student' },
  { path: '/manage-position', Component: ManagePositionPage, frame: 'student' },
  { path: '/council', Component: CosaViewPage, frame: 'student' },
  { path: '/feedback', Component: FeedbackPage, frame: 'student' },
  { path: '/viewfeedback', Component: ViewFeedbackPage, frame: 'student' },
  { path: '/events', Component: EventsPage, frame: 'student' },
  { path: '/events/:id', Component: EventDetailPage, frame: 'student' },
  { path: '/add-event', Component: AddEventPage },
  { path: '/events/:id/edit', Component: EditEventPage },
  { path: '/gensec-cult', Component: GensecDashboardPage },
  { path: '/gensec-sport', Component: GensecDashboardPage },
  { path: '/gensec-acad', Component: GensecDashboardPage },
  { path: '/gensec-tech', Component: GensecDashboardPage },
  { path: '/gensec-endorse', Component: EndorsePage },
  { path: '/president-dashboard', Component: PresidentDashboardPage },
  { path: '/roombooking', Component: RoomBookingPage },
  { path: '/president-approval', Component: PresidentApprovalPage },
  { path: '/club-dashboard', Component: ClubDashboardPage },
  { path: '/cosa', Component: CosaPage },
  { path: '/cosa/create', Component: CosaCreatePage },
  { path: '/transcript', Component: TranscriptPage, frame: 'student' },
  { path: '/verify', Component: VerifyCredentialPage },
  { path: '/verify/:id', Component: VerifyTranscriptPage },
  { path: '/admin', Component: AdminHomePage, frame: 'admin' },
  { path: '/admin/users', Component: AdminUsersPage, frame: 'admin' },
  { path: '/admin/users/:id', Component: AdminUserPage, frame: 'admin' },
  { path: '/admin/units', Component: AdminUnitsPage, frame: 'admin' },
  { path: '/admin/rooms', Component: AdminRoomsPage, frame: 'admin' },
  { path: '/admin/skills', Component: AdminSkillsPage, frame: 'admin' },
  { path: '/admin/audit', Component: AdminAuditPage, frame: 'admin' },
  { path: '/admin/import', Component: AdminImportPage, frame: 'admin' },
  { path: '/notifications', Component: NotificationsPage },
  { path: '/notifications/settings', Component: NotificationSettingsPage },
  { path: '/announcements', Component: AnnouncementsPage },
  { path: '/unsubscribe', Component: UnsubscribePage },
];
