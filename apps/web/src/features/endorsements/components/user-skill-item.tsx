import { ENDORSEMENT_MESSAGES, type PendingUserSkill } from '@cosa/contracts';
import { useEndorseSkill } from '../api/endorse-skill';
import { ReviewActions } from './review-actions';
import { capitalised, Detail, ReviewCard, type Selection } from './review-card';

/** A skill a student claims: the skill, its category and type, the proficiency and the position. */
export function UserSkillItem({
  item,
  selection,
}: {
  item: PendingUserSkill;
  selection?: Selection | null;
}) {
  const endorse = useEndorseSkill('user-skills');
  return (
    <ReviewCard
      title={item.skill.name}
      submitter={item.student}
      submittedAt={item.createdAt}
      selection={selection}
      details={
        <>
          <Detail term="Category">{item.skill.category}</Detail>
          <Detail term="Type">{capitalised(item.skill.type)}</Detail>
          <Detail term="Proficiency">{capitalised(item.proficiencyLevel)}</Detail>
          <Detail term="Position">{item.position?.title ?? 'None'}</Detail>
        </>
      }
      actions={
        <ReviewActions
          kind="user-skills"
          id={item.id}
          name={`${item.skill.name} by ${item.student.name}`}
          approval={endorse}
          approveText={ENDORSEMENT_MESSAGES.endorse}
          approvingText={ENDORSEMENT_MESSAGES.endorsing}
        />
      }
    />
  );
}
