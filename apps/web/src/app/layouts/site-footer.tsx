import { InstituteLogo } from '../../components/ui/institute-logo';
import { currentYear } from '../../lib/current-year';
import { usePublicConfig } from '../../lib/public-config';

/** '© {current year} {institute name}' with the institute's logo, on every page. */
export function SiteFooter() {
  const { data: config } = usePublicConfig();
  const year = currentYear(config?.timeZone);
  return (
    <footer className="border-t border-line-soft bg-surface">
      <div className="mx-auto flex w-full max-w-7xl flex-col items-center gap-3 px-4 py-4 text-center sm:flex-row sm:justify-between sm:px-6 sm:text-left lg:px-8">
        {config && (
          <InstituteLogo
            instituteName={config.instituteName}
            shortName={config.instituteShortName}
            logoUrl={config.logoUrl}
            size="sm"
          />
        )}
        <p className="text-sm text-ink-muted">{`© ${year} ${config?.instituteName ?? ''}`.trim()}</p>
      </div>
    </footer>
  );
}
