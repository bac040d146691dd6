import { useState } from 'react';
import { ADMIN_SKILL_MESSAGES, type AdminSkill, type LookupItem } from '@cosa/contracts';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../../components/ui/lazy-search-picker';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { adminSkillsKey, searchMergeTargets, useMergePreview, useMergeSkill } from '../api/admin-skills';

/** What the merge will do, once a target is chosen: the server counts the claims that move and the duplicates that collapse. */
function MergePreview({ skill, target }: { skill: AdminSkill; target: LookupItem }) {
  const preview = useMergePreview(skill.id, target.id);
  if (preview.isPending) return <Spinner label="Working out the effect of the merge..." visibleLabel />;
  if (preview.isError)
    return (
      <p className="text-sm text-ink-muted">
        {preview.error instanceof ApiError && preview.error.status === 409
          ? preview.error.message
          : ADMIN_SKILL_MESSAGES.previewFailed}
      </p>
    );
  return (
    <p className="text-sm text-ink" role="status">
      {ADMIN_SKILL_MESSAGES.mergePreview(preview.data.moving, preview.data.collapsing)}
    </p>
  );
}

/**
 * Merge a duplicate into a skill of the catalogue: pick the target, see what moves, confirm. The
 * duplicate is retired and points at the target; it cannot be undone.
 */
export function SkillMergeDialog({ skill }: { skill: AdminSkill }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<LookupItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeSkill(skill.id);
  usePreloadSearchPicker();

  const onOpenChange = (next: boolean) => {
    if (merge.isPending) return;
    setTarget(null);
    setError(null);
    setOpen(next);
  };
  const confirm = async () => {
    if (!target || merge.isPending) return;
    try {
      await merge.mutateAsync(target.id);
      toast.success(ADMIN_SKILL_MESSAGES.merged(target.label));
      setOpen(false);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status >= 400 && caught.status < 500
          ? caught.message
          : ADMIN_SKILL_MESSAGES.mergeFailed,
      );
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Merge ${skill.name} into another skill`}
      description="For a duplicate a student created: its claims move to the skill you choose, and it leaves the catalogue."
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Merge ${skill.name}`}>
          Merge
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={!target}
            loading={merge.isPending}
            loadingText="Merging..."
          >
            Merge skills
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <LazySearchPicker
          label="Merge into"
          placeholder="Search the catalogue"
          value={target}
          onChange={(item) => {
            setTarget(item);
            setError(null);
          }}
          search={(q, signal) => searchMergeTargets(skill, q, signal)}
          queryKey={[...adminSkillsKey, 'merge-targets', skill.id]}
          emptyText="No skill in use matches"
          required
        />
        {target && (
          <>
            <MergePreview skill={skill} target={target} />
            <p className="text-sm break-words text-ink">
              {skill.name} will be retired and point at {target.label}. Students who held both keep one
              claim: the endorsed one, else the higher proficiency. This cannot be undone.
            </p>
          </>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
