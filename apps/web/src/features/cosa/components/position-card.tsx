import {
  cgpaText,
  POSITION_ADMIN_MESSAGES,
  yearOrdinal,
  type Position,
  type PositionRow,
} from '@cosa/contracts';
import { ActionsMenu, useActionsMenu, type MenuAction } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { formatPositionDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeletePosition, useRetirePosition, useUpdatePosition } from '../api/positions';
import { positionFormValues } from '../position-form-values';
import { ChangeNote } from './change-note';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailList, DetailSection } from './detail-list';
import { ApiError } from '../../../lib/api-client';
import { Spinner } from '../../../components/ui/spinner';
import { lazyPart } from '../../../lib/lazy-part';

/** The form loads when the browser is idle after the page has shown, or when Edit opens it. */
const PositionFormPart = lazyPart(
  async () => (await import('./position-form')).PositionForm,
  <Spinner label="Loading..." visibleLabel />,
);

const MAX_SKILLS = 3;

function Skills({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  const more = skills.length - MAX_SKILLS;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Skills required">
      {skills.slice(0, MAX_SKILLS).map((skill) => (
        <li key={skill}>
          <Badge>{skill}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge tone="accent">+{more} more</Badge>
        </li>
      )}
    </ul>
  );
}

function PositionDetails({ position }: { position: Position }) {
  return (
    <Dialog
      title={position.title}
      description={position.positionCode}
      size="lg"
      trigger={
        <Button variant="secondary" size="sm" aria-label={`View details of ${position.title}`}>
          View Details
        </Button>
      }
    >
      {/* Focusable, so a keyboard can scroll the details when they are taller than the dialog. */}
      <div
        className="flex flex-col gap-4 focus-visible:outline-2 focus-visible:outline-accent"
        tabIndex={0}
        role="group"
        aria-label={`Details of ${position.title}`}
      >
        <DetailList
          items={[
            ['Department', position.unit.name],
            ['Type', position.positionType],
            [
              'Positions available',
              `${position.positionCount} (${position.activeHolders} filled in ${position.tenure})`,
            ],
            ['Created', formatPositionDate(position.createdAt)],
            ...(position.retiredAt
              ? ([['Retired', formatPositionDate(position.retiredAt)]] as const)
              : []),
          ]}
        />
        <DetailSection title="Description">
          <p className="text-sm break-words whitespace-pre-line text-ink">
            {position.description ?? 'N/A'}
          </p>
        </DetailSection>
        <DetailSection title="Responsibilities">
          <ul className="list-disc space-y-1 pl-5 text-sm break-words text-ink">
            {position.responsibilities.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </DetailSection>
        <DetailSection title="Requirements">
          <DetailList
            items={[
              ['Minimum CGPA', cgpaText(position.requirements.minCgpa)],
              ['Minimum year', yearOrdinal(position.requirements.minYear)],
              ['Skills required', position.requirements.skillsRequired.join(', ') || 'None'],
            ]}
          />
        </DetailSection>
      </div>
    </Dialog>
  );
}

/** The server's reason for a refusal the official can act on; a conflict (the count, retired) is never 'try again'. */
function failure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 409) return error.message;
  return error.status >= 400 && error.status < 500 && !error.fields ? error.message : fallback;
}

/** How the card's menu opens and closes one of its dialogs. */
type MenuDialog = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

function EditPosition({
  position,
  clubUnit,
  dialog,
}: {
  position: Position;
  clubUnit: boolean;
  dialog: MenuDialog;
}) {
  PositionFormPart.usePreload();
  const update = useUpdatePosition(position.id);
  const setOpen = dialog.onOpenChange;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={(next) => !update.isPending && setOpen(next)}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      title={`Edit ${position.title}`}
      size="lg"
    >
      <PositionFormPart.Part
        label="Edit position"
        defaultValues={positionFormValues(position)}
        fixedUnit={clubUnit ? positionFormValues(position).unit : null}
        submitLabel="Save changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          toast.success(POSITION_ADMIN_MESSAGES.updated);
          setOpen(false);
          return false;
        }}
        failureMessage={(error) => failure(error, POSITION_ADMIN_MESSAGES.updateFailed)}
        onCancel={() => setOpen(false)}
      />
    </Dialog>
  );
}

const RETIRE_TEXT =
  "A retired position keeps its holders' history, takes no new holders and leaves the position picker.";

/**
 * Delete, asking first. A position with holders cannot be deleted: its dialog says why and offers
 * to retire it instead (or, once retired, only explains).
 */
function DeletePosition({ position, dialog }: { position: Position; dialog: MenuDialog }) {
  const remove = useDeletePosition();
  const retire = useRetirePosition();
  const held = position.holders > 0;
  const confirmation = !held
    ? {
        confirmLabel: 'Delete position',
        pendingLabel: 'Deleting...',
        failureMessage: 'Failed to delete position. Please try again.',
        onConfirm: async () => {
          await remove.mutateAsync(position.id);
          toast.success(POSITION_ADMIN_MESSAGES.deleted);
        },
      }
    : position.retiredAt
      ? null
      : {
          confirmLabel: 'Retire position',
          pendingLabel: 'Retiring...',
          confirmVariant: 'primary' as const,
          failureMessage: POSITION_ADMIN_MESSAGES.updateFailed,
          onConfirm: async () => {
            await retire.mutateAsync(position.id);
            toast.success(POSITION_ADMIN_MESSAGES.retired);
          },
        };
  return (
    <ConfirmDialog
      {...dialog}
      title={`Delete ${position.title}?`}
      description={
        held
          ? position.retiredAt
            ? POSITION_ADMIN_MESSAGES.hasHoldersRetired
            : POSITION_ADMIN_MESSAGES.hasHolders
          : 'The position is removed for good.'
      }
      confirmation={confirmation}
    />
  );
}

/**
 * A position card of View Positions (spec section 2) with its details, edit, delete and retire; a
 * position the reader may not change (the server says so per row) shows why instead of the actions.
 */
export function PositionCard({ position, clubUnit }: { position: PositionRow; clubUnit: boolean }) {
  const retire = useRetirePosition();
  const { menu, dialogOf } = useActionsMenu<'edit' | 'retire' | 'delete'>();
  const actions: Array<MenuAction<'edit' | 'retire' | 'delete'>> = [
    { key: 'edit', label: 'Edit' },
    ...(position.retiredAt ? [] : [{ key: 'retire' as const, label: 'Retire' }]),
    { key: 'delete', label: 'Delete', danger: true },
  ];
  const { requirements } = position;
  return (
    <Card className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-ink">{position.title}</h2>
          <p className="text-sm text-ink-muted">{position.positionCode}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone="accent">{position.positionType}</Badge>
          {position.retiredAt && <Badge tone="warning">Retired</Badge>}
        </div>
      </div>
      <DetailList
        items={[
          ['Unit', position.unit.name],
          ['Positions', String(position.positionCount)],
          ['Minimum CGPA', cgpaText(requirements.minCgpa)],
          ['Minimum year', yearOrdinal(requirements.minYear)],
        ]}
      />
      {position.description && (
        <p className="line-clamp-3 text-sm break-words text-ink">{position.description}</p>
      )}
      <Skills skills={requirements.skillsRequired} />
      <p className="text-xs text-ink-muted">Created {formatPositionDate(position.createdAt)}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        <PositionDetails position={position} />
        {position.canChange && (
          <>
            <ActionsMenu label={`More actions for ${position.title}`} actions={actions} {...menu} />
            <EditPosition position={position} clubUnit={clubUnit} dialog={dialogOf('edit')} />
            {!position.retiredAt && (
              <ConfirmDialog
                {...dialogOf('retire')}
                triggerVariant="secondary"
                title={`Retire ${position.title}?`}
                description={RETIRE_TEXT}
                confirmation={{
                  confirmLabel: 'Retire position',
                  pendingLabel: 'Retiring...',
                  failureMessage: POSITION_ADMIN_MESSAGES.updateFailed,
                  onConfirm: async () => {
                    await retire.mutateAsync(position.id);
                    toast.success(POSITION_ADMIN_MESSAGES.retired);
                  },
                }}
              />
            )}
            <DeletePosition position={position} dialog={dialogOf('delete')} />
          </>
        )}
      </div>
      {!position.canChange && position.changeNote && <ChangeNote note={position.changeNote} />}
    </Card>
  );
}
