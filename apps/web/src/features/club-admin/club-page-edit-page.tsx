import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { MEMBERSHIP_MESSAGES, TEXTS, type ClubPage } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useClubPage } from './api/club-page-editor';
import { CLUB_ADMIN_TEXTS } from './club-admin-texts';
import { ClubImageSlot } from './components/club-image-slot';
import { ClubPageForm } from './components/club-page-form';
import { RecruitingForm } from './components/recruiting-form';

function Section({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {note && <p className="mt-1 text-sm text-ink-muted">{note}</p>}
      </div>
      {children}
    </Card>
  );
}

/** A coordinator of another club (or none) is told the page is not theirs to change. */
function NotYourClub() {
  return <EmptyState title={TEXTS.unauthorisedHeading} description={MEMBERSHIP_MESSAGES.notYourClub} />;
}

function Editor({ page }: { page: ClubPage }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <title>{`${CLUB_ADMIN_TEXTS.editHeading}: ${page.name} · COSA Portal`}</title>
      <Section id="club-about-heading" title="About the club">
        <ClubPageForm page={page} />
      </Section>
      <Section
        id="club-recruiting-heading"
        title="Recruiting"
        note="Whether students may ask to join now; you accept or decline each request on Members and requests."
      >
        <RecruitingForm page={page} />
      </Section>
      <Section
        id="club-images-heading"
        title="Logo and banner"
        note="Pictures are re-encoded when uploaded; what they held besides the picture is dropped."
      >
        <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <ClubImageSlot page={page} kind="logo" />
          <ClubImageSlot page={page} kind="banner" />
        </div>
      </Section>
    </div>
  );
}

function EditorView({ slug }: { slug: string }) {
  const page = useClubPage(slug);
  if (page.isPending)
    return <Spinner label={CLUB_ADMIN_TEXTS.pageLoading} visibleLabel size="lg" className="py-10" />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0;
    if (status === 404) return <EmptyState title={MEMBERSHIP_MESSAGES.clubNotFound} />;
    if (status === 403) return <NotYourClub />;
    return (
      <ErrorState
        message={CLUB_ADMIN_TEXTS.pageLoadFailed}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );
  }
  if (!page.data.viewer.canEdit) return <NotYourClub />;
  return <Editor key={page.data.id} page={page.data} />;
}

/** /clubs/{slug}/edit: the club's coordinator edits its page's words, tags, recruiting, logo and banner. */
export function ClubPageEditPage() {
  const { slug = '' } = useParams();
  const name = useClubPage(slug).data?.name;
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0">
      <BackLink to={paths.club(slug)}>Back to the club page</BackLink>
      <PageHeader title={CLUB_ADMIN_TEXTS.editHeading} description={name} />
      <EditorView key={slug} slug={slug} />
    </div>
  );
}
