import { ENDORSEMENT_MESSAGES, type PendingSkill } from '@cosa/contracts';
import { useEndorseSkill } from '../api/endorse-skill';
import { ReviewActions } from './review-actions';
import { capitalised, Detail, ReviewCard, type Selection } from './review-card';

/** A catalogue skill a student created: its name, category, type, code and description. */
export function SkillItem({ item, selection }: { item: PendingSkill; selection?: Selection | null }) {
  const endorse = useEndorseSkill('skills');
  return (
    <ReviewCard
      title={item.name}
      submitter={item.submittedBy}
      submittedAt={item.createdAt}
      selection={selection}
      details={
        <>
          <Detail term="Category">{item.category}</Detail>
          <Detail term="Type">{capitalised(item.type)}</Detail>
          <Detail term="Code">{item.skillCode}</Detail>
        </>
      }
      extra={
        item.description && (
          <p className="text-sm break-words whitespace-pre-line text-ink-muted">{item.description}</p>
        )
      }
      actions={
        <ReviewActions
          kind="skills"
          id={item.id}
          name={item.submittedBy ? `${item.name} by ${item.submittedBy.name}` : item.name}
          approval={endorse}
          approveText={ENDORSEMENT_MESSAGES.endorse}
          approvingText={ENDORSEMENT_MESSAGES.endorsing}
        />
      }
    />
  );
}
