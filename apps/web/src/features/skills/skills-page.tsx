import { useState } from 'react';
import { SKILL_MESSAGES } from '@cosa/contracts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useMySkills } from './api/get-my-skills';
import { AddSkillDialog } from './components/add-skill-dialog';
import { RemoveSkillButton } from './components/remove-skill-button';
import { SkillCard } from './components/skill-card';

/** /skills: the student's skills ('Your Skills (n)') and the Add Skill modal. */
export function SkillsPage() {
  const skills = useMySkills();
  const [adding, setAdding] = useState(false);
  const items = skills.data?.items ?? [];

  let body;
  if (skills.isPending)
    body = <Spinner label="Loading skills..." visibleLabel size="lg" className="py-10" />;
  else if (skills.isError)
    body = (
      <ErrorState
        message={SKILL_MESSAGES.fetchFailed}
        onRetry={() => void skills.refetch()}
        retrying={skills.isFetching}
      />
    );
  else if (!items.length)
    body = (
      <EmptyState
        title={SKILL_MESSAGES.empty}
        description="Add the skills you have, and officials can endorse them."
      />
    );
  else
    body = (
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.map((userSkill) => (
          <li key={userSkill.id} className="min-w-0">
            <SkillCard
              userSkill={userSkill}
              actions={userSkill.isEndorsed ? undefined : <RemoveSkillButton userSkill={userSkill} />}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={skills.isSuccess ? SKILL_MESSAGES.heading(skills.data.total) : 'Your Skills'}
        actions={
          <Button onClick={() => setAdding(true)} disabled={!skills.isSuccess}>
            {SKILL_MESSAGES.addSkill}
          </Button>
        }
      />
      {body}
      {skills.isSuccess && <AddSkillDialog open={adding} onOpenChange={setAdding} existing={items} />}
    </div>
  );
}
