import { PageHeader } from '../../components/ui/page-header';
import { Card } from '../../components/ui/card';
import { usePublicConfig } from '../../lib/public-config';
import { CredentialCheckForm } from './components/credential-check-form';

/** /verify: anyone checks a credential (.jwt) a student downloaded for a verified achievement or position. */
export function VerifyCredentialPage() {
  const { data: config } = usePublicConfig();
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0">
      <title>Check a credential · COSA Portal</title>
      <PageHeader
        title="Check a credential"
        description="A credential is an Open Badges 3.0 file (.jwt) a student downloads for one verified achievement or position. Paste its content or choose the file, and the portal tells you whether it issued it and whether it has been altered."
      />
      <Card>
        <CredentialCheckForm timeZone={config?.timeZone} />
      </Card>
    </div>
  );
}
