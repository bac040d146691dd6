import { useId, type ReactNode } from 'react';
import type { PrivacyNotice } from '@cosa/contracts';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TextLink, textLinkClasses } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { usePrivacyNotice } from './api/privacy-notice';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="grid gap-2 text-sm text-ink sm:text-base">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </Card>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The notice's text, written from the institute's settings. */
function NoticeBody({ notice }: { notice: PrivacyNotice }) {
  const { instituteName, instituteShortName, contact, retention } = notice;
  return (
    <div className="grid gap-4">
      <Section title="What the portal keeps">
        <p>
          The COSA Portal is run by {instituteName} for its student council. For each student it keeps:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>your account: name, institute e-mail address and Student ID;</li>
          <li>
            your personal details: mobile number, gender, date of birth, hostel and room, and CGPA;
          </li>
          <li>
            your academic facts: program, discipline and admission year, as the institute&apos;s roll
            records them;
          </li>
          <li>your photo and your GitHub and LinkedIn links, if you add them;</li>
          <li>
            your co-curricular record: skills, achievements and their certificates, positions of
            responsibility, feedback you give, event registrations and attendance, club memberships,
            nominations in elections, claims for club money and room bookings;
          </li>
          <li>
            the notifications the portal sends you, the devices you turned push notifications on (their
            browser and push address), and the transcripts and credentials issued to you;
          </li>
          <li>your privacy choices, and a log of which officials opened your record.</li>
        </ul>
        <p>
          Your vote in a council election is secret: the portal keeps that you voted, never whom you
          voted for.
        </p>
      </Section>
      <Section title="Why">
        <p>
          To keep the council&apos;s record of what you do outside the classroom, to let officials
          review, endorse and verify it, to run events, clubs, elections and club money, and to issue
          transcripts and credentials that others can verify. Your CGPA is read to check whether you may
          hold a position; it is not shown to officials.
        </p>
      </Section>
      <Section title="Who sees it">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>You</strong> see everything the portal keeps about you.
          </li>
          <li>
            <strong>Other students</strong> see your name and your verified record. They see your photo
            and links, and find you in people search and club member lists, only if you choose so; they
            see your mobile number only if you choose to show it.
          </li>
          <li>
            <strong>Council officials and club coordinators</strong> see your record and what waits for
            their review; never your date of birth, hostel and room, or CGPA, nor your mobile number
            unless you choose to show it. Each time one of them opens your record, the portal logs who,
            when and from which page, and you can see that log.
          </li>
          <li>
            <strong>The institute&apos;s administrator</strong> sees all of it, to run accounts and
            correct the institute&apos;s facts; each opening and export of your personal details is
            logged too.
          </li>
        </ul>
      </Section>
      <Section title="How long">
        <ul className="list-disc space-y-1 pl-5">
          <li>Your record: while you have an account, until you ask for it to be erased.</li>
          <li>The log of who opened your record: {days(retention.accessLogDays)}.</li>
          <li>Notifications: {days(retention.notificationDays)}.</li>
          <li>
            A registration whose e-mail address was never confirmed:{' '}
            {days(retention.unverifiedAccountDays)}.
          </li>
          <li>A copy of your data you downloaded: {retention.dataExportHours} hours.</li>
          <li>
            Sign-in sessions, e-mail links and the devices with push notifications on: until they expire
            (a device's push ends with the sign-in it was turned on in).
          </li>
        </ul>
      </Section>
      <Section title="Your choices and your rights">
        <p>
          In your <TextLink to={paths.privacySettings}>privacy settings</TextLink> you can, at any time:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            change whether other students see your photo and links and find you in search, and whether
            your mobile number shows on your page;
          </li>
          <li>see which officials opened your record;</li>
          <li>download a copy of everything the portal keeps about you;</li>
          <li>
            ask for your account to be erased. It is erased {days(retention.erasureGraceDays)} later, and
            you can cancel until then.
          </li>
        </ul>
        <p>
          You can correct your profile yourself, and ask the administrator to correct a fact the
          institute keeps from your profile page.
        </p>
      </Section>
      <Section title="What remains after erasure">
        <p>
          Your name, e-mail address, Student ID, personal details, photo, uploads, notifications and
          choices are removed, and you can no longer sign in. Credentials issued to you are revoked, and
          transcripts withdrawn: their verification pages no longer find them. What {instituteShortName}{' '}
          must keep stays, without anything that identifies you: positions and achievements that were
          verified, attendance, decisions the council took, money paid and the results of elections.
          Feedback you gave anonymously stays anonymous and linked to no one.
        </p>
      </Section>
      <Section title="Questions and complaints">
        <p>
          Write to the grievance officer: <strong>{contact.name}</strong>,{' '}
          <a className={textLinkClasses} href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
          {contact.phone && <>, {contact.phone}</>}. Say who you are and what your question or complaint
          is about. If you are not satisfied with the answer, you may complain to the Data Protection
          Board of India.
        </p>
      </Section>
    </div>
  );
}

/** /privacy: the privacy notice in plain language, open to anyone, signed in or not (decision 0041). */
export function PrivacyNoticePage() {
  const notice = usePrivacyNotice();
  const { data: user } = useSession();
  let body;
  if (notice.isError)
    body = (
      <ErrorState
        message="The privacy notice could not be loaded. Check your connection and try again."
        onRetry={() => void notice.refetch()}
        retrying={notice.isFetching}
      />
    );
  else if (!notice.data)
    body = <Spinner label="Loading the privacy notice..." visibleLabel size="lg" className="py-10" />;
  else body = <NoticeBody notice={notice.data} />;
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 px-4 py-6 sm:px-0">
      <title>Privacy notice · COSA Portal</title>
      <PageHeader
        title="Privacy notice"
        description="What the COSA Portal keeps about you, why, for how long, who sees it, and what you can do about it."
        actions={
          user ? undefined : (
            <TextLink to={paths.login} className="text-sm">
              Sign in
            </TextLink>
          )
        }
      />
      {body}
    </div>
  );
}
