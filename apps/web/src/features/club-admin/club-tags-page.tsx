import { useState } from 'react';
import type { ClubTag } from '@cosa/contracts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useAddClubTag, useClubTags, useRemoveClubTag, useRenameClubTag } from './api/club-tags';
import { CLUB_ADMIN_TEXTS } from './club-admin-texts';
import { TagNameForm } from './components/tag-name-form';

const clubs = (count: number) => (count === 1 ? '1 club' : `${count} clubs`);

function RenameTag({ tag }: { tag: ClubTag }) {
  const [open, setOpen] = useState(false);
  const rename = useRenameClubTag(tag.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !rename.isPending && setOpen(next)}
      size="sm"
      title={`Rename ${tag.name}`}
      description="Every club carrying the tag shows the new name."
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Rename ${tag.name}`}>
          Rename
        </Button>
      }
    >
      <TagNameForm
        label={`Rename ${tag.name}`}
        fieldLabel="New name"
        initial={tag.name}
        failureMessage={CLUB_ADMIN_TEXTS.tagRenameFailed}
        onSave={async (body) => {
          const renamed = await rename.mutateAsync(body);
          setOpen(false);
          toast.success(`Tag renamed to ${renamed.name}.`);
        }}
        className="flex flex-col gap-4"
        actions={(pending) => (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} loadingText="Saving...">
              Save name
            </Button>
          </div>
        )}
      />
    </Dialog>
  );
}

function RemoveTag({ tag }: { tag: ClubTag }) {
  const remove = useRemoveClubTag(tag.id);
  return (
    <ConfirmDialog
      triggerLabel="Remove"
      triggerAriaLabel={`Remove ${tag.name}`}
      title={`Remove the tag ${tag.name}?`}
      description={`It is removed from the list and from every club that carries it (${clubs(tag.clubCount)} now). This cannot be undone.`}
      confirmation={{
        confirmLabel: 'Remove tag',
        pendingLabel: 'Removing...',
        onConfirm: async () => {
          await remove.mutateAsync(undefined);
          toast.success(`Tag ${tag.name} removed.`);
        },
        failureMessage: CLUB_ADMIN_TEXTS.tagRemoveFailed,
      }}
    />
  );
}

function TagList() {
  const tags = useClubTags();
  if (tags.isPending)
    return <Spinner label={CLUB_ADMIN_TEXTS.tagsLoading} visibleLabel size="lg" className="py-10" />;
  if (tags.isError)
    return (
      <ErrorState
        message={CLUB_ADMIN_TEXTS.tagsLoadFailed}
        onRetry={() => void tags.refetch()}
        retrying={tags.isFetching}
      />
    );
  if (tags.data.length === 0) return <EmptyState title={CLUB_ADMIN_TEXTS.noTags} />;
  return (
    <ul aria-label="Tags" className="flex flex-col divide-y divide-line-soft">
      {tags.data.map((tag) => (
        <li key={tag.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="font-medium break-words text-ink">{tag.name}</p>
            <p className="text-sm text-ink-muted">Carried by {clubs(tag.clubCount)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <RenameTag tag={tag} />
            <RemoveTag tag={tag} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /admin/club-tags: the tags clubs choose from (at most four each), added, renamed and removed by the administrator. */
export function AdminClubTagsPage() {
  const add = useAddClubTag();
  return (
    <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6">
      <title>{`${CLUB_ADMIN_TEXTS.tagsHeading} · COSA Portal`}</title>
      <PageHeader
        title={CLUB_ADMIN_TEXTS.tagsHeading}
        description="The list clubs choose their tags from, at most four each; students find clubs by them in the directory."
        className="mb-0"
      />
      <Card aria-labelledby="add-tag-heading" className="flex flex-col gap-3">
        <h2 id="add-tag-heading" className="text-lg font-semibold text-ink">
          Add a tag
        </h2>
        <TagNameForm
          label="Add a tag"
          fieldLabel="Tag name"
          initial=""
          failureMessage={CLUB_ADMIN_TEXTS.tagAddFailed}
          onSave={async (body) => {
            const tag = await add.mutateAsync(body);
            toast.success(`Tag ${tag.name} added.`);
          }}
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
          fieldClassName="sm:min-w-64 sm:flex-1"
          actions={(pending) => (
            <Button type="submit" className="sm:mt-6" loading={pending} loadingText="Adding...">
              Add tag
            </Button>
          )}
        />
      </Card>
      <Card aria-labelledby="tag-list-heading" className="flex flex-col gap-2">
        <h2 id="tag-list-heading" className="text-lg font-semibold text-ink">
          Tags in use
        </h2>
        <TagList />
      </Card>
    </div>
  );
}
