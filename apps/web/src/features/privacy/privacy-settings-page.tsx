import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { usePrivacyChoices } from './api/choices';
import { usePrivacyNotice } from './api/privacy-notice';
import { ChoicesCard } from './components/choices-card';
import { DataExportCard } from './components/data-export-card';
import { ErasureCard } from './components/erasure-card';
import { RecordAccessCard } from './components/record-access-card';

/**
 * /settings/privacy: a student's choices, who opened their record, a copy of their data and the
 * erasure of their account (decision 0041).
 */
export function PrivacySettingsPage() {
  const choices = usePrivacyChoices();
  const notice = usePrivacyNotice();
  let choicesBody;
  if (choices.isError)
    choicesBody = (
      <Card>
        <ErrorState
          message="Your privacy choices could not be loaded. Check your connection and try again."
          onRetry={() => void choices.refetch()}
          retrying={choices.isFetching}
        />
      </Card>
    );
  else if (!choices.data)
    choicesBody = <Spinner label="Loading your choices..." visibleLabel size="lg" className="py-6" />;
  else choicesBody = <ChoicesCard choices={choices.data} />;
  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-4">
      <title>Privacy and your data · COSA Portal</title>
      <PageHeader
        title="Privacy and your data"
        description={
          <>
            Choose what other students see, see who opened your record, download your data or erase your
            account. The <TextLink to={paths.privacy}>privacy notice</TextLink> explains what the portal
            keeps and why.
          </>
        }
        className="mb-2"
      />
      {choicesBody}
      <RecordAccessCard />
      <DataExportCard />
      <ErasureCard graceDays={notice.data?.retention.erasureGraceDays ?? 30} />
    </div>
  );
}
