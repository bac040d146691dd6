import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ROLL_IMPORT_MAX_BYTES,
  rollImportTexts,
  ROLL_OUTCOMES,
  type RollImportResult,
  type RollPreview,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useDownloadRefused, useImportRoll, usePreviewRoll, type UploadStage } from './api/roll-import';
import { ImportConfirmDialog } from './components/import-confirm-dialog';
import { OUTCOME_LABELS, RollRows } from './components/roll-rows';
import { RefusalGroups } from './components/refusal-groups';
import { RollColumns } from './components/roll-columns';
import { UploadProgress } from './components/upload-progress';
import { counted } from './counted';

const FILE_TOO_LARGE = 'The file is larger than 10 MB. Split the roll into smaller files.';

/** The server's own words for a refusal of the file, a plain message otherwise. */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 0 || (error.status >= 400 && error.status < 500)))
    return error.message;
  return fallback;
}

function Counts({ preview }: { preview: RollPreview }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {ROLL_OUTCOMES.map((outcome) => (
        <div key={outcome} className="rounded-lg border border-line-soft p-3">
          <dt className="text-sm text-ink-muted">{OUTCOME_LABELS[outcome]}</dt>
          <dd className="text-2xl font-semibold text-ink">
            {preview.totals[outcome].toLocaleString('en-IN')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How imported students claim their accounts: Google is named only where sign-in with it is offered. */
function ClaimHelp() {
  const googleEnabled = usePublicConfig().data?.googleEnabled ?? false;
  return <p className="text-sm text-ink">{rollImportTexts(googleEnabled).claimHelp}</p>;
}

function ResultCard({ result, onAgain }: { result: RollImportResult; onAgain: () => void }) {
  // The dialog that started the import is gone with the preview: focus moves to what happened.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card aria-labelledby="import-result" className="flex flex-col gap-4">
      <h2
        id="import-result"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink focus:outline-none"
      >
        Import finished
      </h2>
      <Alert tone="success">
        {`Imported ${result.fileName}: ${result.created.toLocaleString('en-IN')} new and ${result.updated.toLocaleString('en-IN')} changed students.`}
        {result.totals.refused > 0 &&
          ` ${counted(result.totals.refused, 'refused row was', 'refused rows were')} skipped; correct them and import the file again.`}
      </Alert>
      <ClaimHelp />
      {result.totals.refused > 0 && (
        <RollRows rows={result.refusedRows} totals={result.totals} outcomes={['refused']} />
      )}
      <div>
        <Button variant="secondary" onClick={onAgain}>
          Import another file
        </Button>
      </div>
    </Card>
  );
}

/** /admin/import: the student roll from a CSV file, previewed row by row, then imported in one step (deviation 60). */
export function AdminImportPage() {
  const domain = usePublicConfig().data?.emailDomain ?? '';
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [stage, setStage] = useState<UploadStage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<RollPreview | null>(null);
  const [result, setResult] = useState<RollImportResult | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const previewing = usePreviewRoll();
  const importing = useImportRoll();
  const downloading = useDownloadRefused();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const downloadRefused = async () => {
    if (!file || downloading.isPending) return;
    setDownloadError(null);
    try {
      await downloading.mutateAsync(file);
    } catch (caught) {
      setDownloadError(
        failureMessage(caught, 'The refused rows could not be downloaded. Please try again.'),
      );
    }
  };

  const reset = () => {
    setFile(null);
    setInputKey((key) => key + 1);
    setPreview(null);
    setResult(null);
    setError(null);
    setStage(null);
    setDownloadError(null);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setPreview(null);
    setResult(null);
    setError(chosen && chosen.size > ROLL_IMPORT_MAX_BYTES ? FILE_TOO_LARGE : null);
    setFile(chosen);
  };
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || previewing.isPending) return;
    setError(null);
    try {
      setPreview(await previewing.mutateAsync({ file, onStage: setStage }));
    } catch (caught) {
      setError(failureMessage(caught, 'The file could not be checked. Please try again.'));
    } finally {
      setStage(null);
    }
  };
  const commit = async () => {
    if (!file || !preview) return;
    setImportError(null);
    try {
      const done = await importing.mutateAsync({ file, digest: preview.digest, onStage: setStage });
      setResult(done);
      setPreview(null);
      toast.success(`Imported ${done.created + done.updated} students.`);
    } catch (caught) {
      setImportError(
        failureMessage(caught, 'The import did not complete and nothing was written. Please try again.'),
      );
    } finally {
      setStage(null);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Import students"
        description="Add the student roll from a CSV file. You see what each row would do before anything is written."
        className="mb-2"
      />
      {result ? (
        <ResultCard result={result} onAgain={reset} />
      ) : (
        <>
          <Card aria-labelledby="roll-file" className="flex flex-col gap-4">
            <h2 id="roll-file" className="text-lg font-semibold text-ink">
              The roll file
            </h2>
            <RollColumns domain={domain} />
            <form onSubmit={(event) => void check(event)} className="flex flex-col gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium text-ink">
                  Roll file (CSV)
                </label>
                <input
                  key={inputKey}
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  onChange={choose}
                  disabled={previewing.isPending || importing.isPending}
                  className="max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-medium file:text-ink"
                />
              </div>
              {stage && previewing.isPending && (
                <UploadProgress
                  stage={stage}
                  label="Roll upload"
                  processingText="Checking every row..."
                />
              )}
              {error && <Alert tone="error">{error}</Alert>}
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  disabled={!file || error === FILE_TOO_LARGE}
                  loading={previewing.isPending}
                  loadingText="Checking..."
                >
                  Preview import
                </Button>
                {(file || preview) && (
                  <Button variant="secondary" onClick={reset} disabled={previewing.isPending}>
                    Choose another file
                  </Button>
                )}
              </div>
            </form>
          </Card>
          {preview && (
            <Card aria-labelledby="roll-preview" className="flex flex-col gap-4">
              <div>
                <h2 id="roll-preview" className="text-lg font-semibold break-words text-ink">
                  Preview of {preview.fileName}
                </h2>
                <p className="text-sm text-ink-muted">
                  {counted(preview.totals.rows, 'row', 'rows')}. Nothing has been written yet. Refused
                  rows are skipped by the import.
                </p>
              </div>
              <Counts preview={preview} />
              {preview.ignoredColumns.length > 0 && (
                <Alert tone="info">Ignored columns: {preview.ignoredColumns.join(', ')}.</Alert>
              )}
              <div>
                <ImportConfirmDialog
                  preview={preview}
                  onConfirm={commit}
                  pending={importing.isPending}
                  stage={importing.isPending ? stage : null}
                  error={importError}
                  onOpenChange={() => setImportError(null)}
                />
              </div>
              <RollRows
                rows={preview.rows}
                totals={preview.totals}
                outcomes={['refused', 'new', 'changed', 'unchanged']}
                refused={
                  <RefusalGroups
                    refusals={preview.refusals}
                    total={preview.totals.refused}
                    onDownload={() => void downloadRefused()}
                    downloading={downloading.isPending}
                    error={downloadError}
                  />
                }
              />
            </Card>
          )}
          <Card aria-labelledby="claim-help">
            <h2 id="claim-help" className="mb-2 text-lg font-semibold text-ink">
              How imported students sign in
            </h2>
            <ClaimHelp />
          </Card>
        </>
      )}
    </div>
  );
}
