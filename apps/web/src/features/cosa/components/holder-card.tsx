import { POSITION_ADMIN_MESSAGES, type HolderRow, type PositionHolder } from '@cosa/contracts';
import { ActionsMenu, useActionsMenu } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { formatINR, formatPositionDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteHolder, useUpdateHolder } from '../api/holders';
import { STATUS_LABELS, STATUS_TONES, VERIFICATION_MARKS } from '../cosa-labels';
import { holderFormValues } from '../holder-form-values';
import { ChangeNote } from './change-note';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailList, DetailSection } from './detail-list';
import { Spinner } from '../../../components/ui/spinner';
import { lazyPart } from '../../../lib/lazy-part';

/** The form loads when the browser is idle after the page has shown, or when Edit opens it. */
const HolderFormPart = lazyPart(
  async () => (await import('./holder-form')).HolderForm,
  <Spinner label="Loading..." visibleLabel />,
);

/** The status, and the verification when it is not verified; a declined claim never held the position, so it shows 'Declined' alone. */
function Marks({ holder }: { holder: PositionHolder }) {
  const mark = VERIFICATION_MARKS[holder.verification];
  return (
    <div className="flex flex-wrap gap-1">
      {holder.verification !== 'declined' && (
        <Badge tone={STATUS_TONES[holder.status]}>{STATUS_LABELS[holder.status]}</Badge>
      )}
      {/* A mark is a sentence: it wraps on a phone rather than push the card sideways. */}
      {mark && (
        <Badge tone={mark.tone} className="whitespace-normal!">
          {mark.label}
        </Badge>
      )}
    </div>
  );
}

function HolderDetails({ holder }: { holder: PositionHolder }) {
  const { user, position, appointment, metrics } = holder;
  return (
    <Dialog
      title={user.name}
      description={holder.porCode}
      size="lg"
      trigger={
        <Button variant="secondary" size="sm" aria-label={`View details of ${holder.porCode}`}>
          View Details
        </Button>
      }
    >
      {/* Focusable, so a keyboard can scroll the details when they are taller than the dialog. */}
      <div
        className="flex flex-col gap-4 focus-visible:outline-2 focus-visible:outline-accent"
        tabIndex={0}
        role="group"
        aria-label={`Details of ${holder.porCode}`}
      >
        <Marks holder={holder} />
        {holder.verification === 'declined' && holder.declineReason && (
          <p className="text-sm break-words text-danger-700">Reason: {holder.declineReason}</p>
        )}
        <DetailSection title="User Information">
          <DetailList
            items={[
              ['Name', user.name],
              ['Email', user.email],
              ['Student ID', user.studentId ?? 'N/A'],
              ['Username', user.username],
            ]}
          />
        </DetailSection>
        <DetailSection title="Position Information">
          <DetailList
            items={[
              ['Position', position.title],
              ['Position ID', position.positionCode],
              ['Unit', position.unit.name],
              ['Tenure', holder.tenureYear],
            ]}
          />
        </DetailSection>
        {appointment && (
          <DetailSection title="Appointment Details">
            <DetailList
              items={[
                ['Appointed by', appointment.appointedBy?.name ?? 'N/A'],
                ['Appointment date', formatPositionDate(appointment.date)],
              ]}
            />
          </DetailSection>
        )}
        <DetailSection title="Performance Metrics">
          <DetailList
            items={[
              ['Events organized', String(metrics.eventsOrganized)],
              [
                'Budget utilized',
                metrics.budgetUtilized === null ? 'N/A' : formatINR(metrics.budgetUtilized),
              ],
              ['Feedback', metrics.feedback ?? 'N/A'],
            ]}
          />
        </DetailSection>
        <DetailSection title="Timeline">
          <DetailList
            items={[
              ['Created', formatPositionDate(holder.createdAt)],
              ['Last updated', formatPositionDate(holder.updatedAt)],
            ]}
          />
        </DetailSection>
      </div>
    </Dialog>
  );
}

type MenuDialog = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

function EditHolder({ holder, dialog }: { holder: PositionHolder; dialog: MenuDialog }) {
  HolderFormPart.usePreload();
  const update = useUpdateHolder(holder.id);
  const setOpen = dialog.onOpenChange;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={(next) => !update.isPending && setOpen(next)}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      title={`Edit ${holder.porCode}`}
      size="lg"
    >
      <HolderFormPart.Part
        label="Edit position holder"
        defaultValues={holderFormValues(holder)}
        // An active holding may end; an ended one stays as it is.
        statuses={holder.status === 'active' ? ['active', 'completed', 'terminated'] : [holder.status]}
        submitLabel="Save changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          toast.success(POSITION_ADMIN_MESSAGES.holderUpdated);
          setOpen(false);
        }}
        // A conflict (no seat, retired, final status) is the server's own words: trying again cannot help.
        failureMessage={(error) =>
          error instanceof ApiError && (error.status === 403 || error.status === 409)
            ? error.message
            : POSITION_ADMIN_MESSAGES.holderUpdateFailed
        }
        onCancel={() => setOpen(false)}
      />
    </Dialog>
  );
}

/**
 * A position holder card of View Position Holders (spec section 2) with its details, edit and delete;
 * a holding the reader may not change (the server says so per row) shows why instead of the actions.
 */
export function HolderCard({ holder }: { holder: HolderRow }) {
  const remove = useDeleteHolder();
  const { menu, dialogOf } = useActionsMenu<'edit' | 'delete'>();
  const { user, position, appointment, metrics } = holder;
  return (
    <Card className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-ink">{user.name}</h2>
          <p className="text-sm break-words text-ink-muted">
            {[user.studentId, user.username].filter(Boolean).join(' · ')} · {holder.porCode}
          </p>
        </div>
        <Marks holder={holder} />
      </div>
      <DetailList
        items={[
          ['Position', position.title],
          ['Unit', position.unit.name],
          ['Tenure', holder.tenureYear],
          ['Events organized', String(metrics.eventsOrganized)],
          [
            'Budget utilized',
            metrics.budgetUtilized === null ? 'N/A' : formatINR(metrics.budgetUtilized),
          ],
          [
            'Appointed by',
            appointment
              ? `${appointment.appointedBy?.name ?? 'N/A'} · ${formatPositionDate(appointment.date)}`
              : 'N/A',
          ],
        ]}
      />
      {metrics.feedback && (
        <p className="line-clamp-2 text-sm break-words text-ink">{metrics.feedback}</p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <HolderDetails holder={holder} />
        {holder.canChange && (
          <ActionsMenu
            label={`More actions for ${holder.porCode}`}
            actions={[
              { key: 'edit', label: 'Edit' },
              { key: 'delete', label: 'Delete', danger: true },
            ]}
            {...menu}
          />
        )}
        {holder.canChange && <EditHolder holder={holder} dialog={dialogOf('edit')} />}
        {holder.canChange && (
          <ConfirmDialog
            {...dialogOf('delete')}
            title={`Delete ${holder.porCode}?`}
            description={`${user.name} as ${position.title} (${holder.tenureYear}) is removed for good. To end a holding and keep its history, edit its status instead.`}
            confirmation={{
              confirmLabel: 'Delete holder',
              pendingLabel: 'Deleting...',
              failureMessage: 'Failed to delete position holder.',
              onConfirm: async () => {
                await remove.mutateAsync(holder.id);
                toast.success(POSITION_ADMIN_MESSAGES.holderDeleted);
              },
            }}
          />
        )}
      </div>
      {!holder.canChange && holder.changeNote && <ChangeNote note={holder.changeNote} />}
    </Card>
  );
}
