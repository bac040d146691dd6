import { Button } from '../../../components/ui/button';
import { CLUB_ADMIN_TEXTS } from '../club-admin-texts';

/** Says the form opened with changes kept from before, and offers to go back to what is saved. */
export function KeptChanges({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-info-700/30 bg-info-50 px-3 py-2 text-sm text-info-700"
    >
      <p className="min-w-0 break-words">{CLUB_ADMIN_TEXTS.keptChanges}</p>
      <Button variant="secondary" size="sm" onClick={onDiscard}>
        {CLUB_ADMIN_TEXTS.discardChanges}
      </Button>
    </div>
  );
}
