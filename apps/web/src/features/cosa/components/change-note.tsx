/** Why a row offers no Edit or Delete: the server's reason its reader may not change it. */
export function ChangeNote({ note }: { note: string }) {
  return <p className="text-sm break-words text-ink-muted">{note}</p>;
}
