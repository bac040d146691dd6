/** The 'OR' line between the form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3" role="separator" aria-label="OR">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      <span aria-hidden="true" className="text-xs font-semibold tracking-wide text-ink-muted">
        OR
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </div>
  );
}
