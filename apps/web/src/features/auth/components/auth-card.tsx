import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { InstituteLogo } from '../../../components/ui/institute-logo';
import { usePublicConfig } from '../../../lib/public-config';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card, e.g. 'Already have an Account?'. */
  footer?: ReactNode;
};

/** The sign-in pages' frame: the institute logo above a card with the page's heading. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  const { data: config } = usePublicConfig();
  return (
    <div className="mx-auto flex w-full max-w-md min-w-0 flex-col items-center gap-6 py-4 sm:py-10">
      <div className="flex min-h-16 items-center justify-center">
        {config && (
          <InstituteLogo
            instituteName={config.instituteName}
            shortName={config.instituteShortName}
            logoUrl={config.logoUrl}
            size="lg"
          />
        )}
      </div>
      <Card className="w-full">
        <h1 className="text-center text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {description && <p className="mt-2 text-center text-sm text-ink-muted">{description}</p>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="text-center text-sm text-ink-muted">{footer}</div>}
    </div>
  );
}
