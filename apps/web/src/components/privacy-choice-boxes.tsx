import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextLink } from './ui/text-link';
import { paths } from '../lib/paths';

type PrivacyChoiceBoxesProps = {
  showProfile: UseFormRegisterReturn;
  listed: UseFormRegisterReturn;
  showPhone: UseFormRegisterReturn;
  className?: string;
};

/** What each optional choice means, as the onboarding form and the privacy settings page ask it. */
const CHOICE_LABELS = {
  showProfile: 'Show my photo and my GitHub and LinkedIn links to other students',
  listed: 'Let other students find me in people search and in club member lists',
  showPhone: 'Let other students and officials see my phone number on my page',
} as const;

/**
 * The two optional privacy choices (decision 0041), unticked until the student ticks them; the
 * officials and the administrator are not bound by them, and the text says so.
 */
export function PrivacyChoiceBoxes({
  showProfile,
  listed,
  showPhone,
  className,
}: PrivacyChoiceBoxesProps) {
  return (
    <fieldset className={className} aria-describedby="privacy-choices-hint">
      <legend className="text-sm font-medium text-ink">Your privacy</legend>
      <p id="privacy-choices-hint" className="text-sm text-ink-muted">
        All are optional and you can change them at any time. Council officials, club coordinators and
        the administrator see your photo and find you whatever you choose. Your date of birth, hostel and
        CGPA are seen only by you and the administrator; your mobile number too, unless you choose to
        show it. Read the{' '}
        <TextLink to={paths.privacy} target="_blank" rel="noopener">
          privacy notice
        </TextLink>{' '}
        (opens in a new tab).
      </p>
      <div className="mt-2 grid gap-1">
        {(
          [
            ['showProfile', showProfile],
            ['listed', listed],
            ['showPhone', showPhone],
          ] as const
        ).map(([choice, registration]) => (
          <label key={choice} className="flex min-h-9 items-start gap-2 text-sm text-ink">
            <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-accent" {...registration} />
            <span className="min-w-0">{CHOICE_LABELS[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
