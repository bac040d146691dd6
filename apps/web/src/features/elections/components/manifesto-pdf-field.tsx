import { useId, type ChangeEvent } from 'react';
import {
  MANIFESTO_PDF_ACCEPT,
  MANIFESTO_PDF_MAX_BYTES,
  MANIFESTO_PDF_MESSAGES,
  pdfProblem,
} from '@cosa/contracts';

const fileInputClasses =
  'max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-medium file:text-ink';

/** What is wrong with a chosen file, in the server's words, before it is sent; null when nothing is. */
export async function manifestoPdfError(file: File): Promise<string | null> {
  if (file.size > MANIFESTO_PDF_MAX_BYTES) return MANIFESTO_PDF_MESSAGES.tooLarge;
  const problem = pdfProblem(new Uint8Array(await file.arrayBuffer()));
  return problem ? MANIFESTO_PDF_MESSAGES[problem] : null;
}

type ManifestoPdfFieldProps = {
  error?: string | null;
  disabled?: boolean;
  /** The file chosen, or null when the choice was cleared. */
  onChoose: (file: File | null) => void;
};

/**
 * 'Manifesto (PDF)': the optional file of a nomination, its limits said under it. The group names
 * it; the input itself is 'PDF file', so that 'Manifesto' alone still names the text.
 */
export function ManifestoPdfField({ error, disabled, onChoose }: ManifestoPdfFieldProps) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0] ?? null);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-ink">{MANIFESTO_PDF_MESSAGES.label}</legend>
      <label htmlFor={id} className="sr-only">
        PDF file
      </label>
      <input
        id={id}
        type="file"
        accept={MANIFESTO_PDF_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={choose}
        className={fileInputClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {MANIFESTO_PDF_MESSAGES.hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
