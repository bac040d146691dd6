import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_MESSAGES, type Profile, type ProfileUpdate } from '@cosa/contracts';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { applyFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { ProfileHeader } from './components/profile-header';
// The record's sections below the form load after it: the page's first screen is the form.
const InstituteFactsSection = lazy(() =>
  import('./components/institute-facts').then((module) => ({
    default: module.InstituteFactsSection,
  })),
);
const ClubMembershipsSection = lazy(() =>
  import('./components/club-memberships-section').then((module) => ({
    default: module.ClubMembershipsSection,
  })),
);
const AttendanceSection = lazy(() =>
  import('./components/attendance-section').then((module) => ({ default: module.AttendanceSection })),
);
import {
  AcademicSection,
  BasicSection,
  ContactSection,
  SocialLinksSection,
} from './components/profile-sections';
import { DRAFT_FIELDS, profileResolver, toDraft, type ProfileDraft } from './profile-draft';

const FORM_ID = 'profile-form';

/** View mode shows the saved profile; Edit copies it into a draft that Save sends and Cancel drops. */
function ProfileEditor({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const wasEditing = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateProfile();
  const form = useForm<ProfileDraft, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: toDraft(profile),
  });
  const { reset, setFocus, setError, handleSubmit } = form;

  // Focus follows the mode: into the form on Edit, back to Edit after Save or Cancel.
  useEffect(() => {
    if (editing) setFocus('personal.name');
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  const startEditing = () => {
    reset(toDraft(profile));
    setEditing(true);
  };

  const cancel = () => {
    reset(toDraft(profile));
    setEditing(false);
  };

  const save = handleSubmit(
    (body) =>
      update.mutate(body, {
        onSuccess: () => {
          setEditing(false);
          toast.success(PROFILE_MESSAGES.updated);
        },
        onError: (error) => {
          applyFieldErrors(error, setError, DRAFT_FIELDS);
          toast.error(PROFILE_MESSAGES.updateFailed);
        },
      }),
    () => toast.error(PROFILE_MESSAGES.fixErrors),
  );

  // Keys keep Edit and Save distinct elements: were React to turn the clicked Edit button into the
  // submit button, the browser would go on to submit the form with that same click.
  const actions = editing ? (
    <>
      <Button key="save" type="submit" form={FORM_ID} loading={update.isPending} loadingText="Saving...">
        Save
      </Button>
      <Button key="cancel" variant="secondary" onClick={cancel} disabled={update.isPending}>
        Cancel
      </Button>
    </>
  ) : (
    <Button key="edit" ref={editButton} onClick={startEditing}>
      Edit
    </Button>
  );

  const sections = { profile, form, editing };
  return (
    <>
      <ProfileHeader profile={profile} actions={actions} />
      <form
        id={FORM_ID}
        onSubmit={(event) => void save(event)}
        noValidate
        aria-label="Profile"
        className="flex flex-col gap-6"
      >
        <BasicSection {...sections} />
        <AcademicSection {...sections} />
        <ContactSection {...sections} />
        <SocialLinksSection {...sections} />
      </form>
      <Suspense fallback={null}>
        {/* Outside the profile's form: the correction request is a form of its own. */}
        <div className="mt-6">
          <InstituteFactsSection profile={profile} />
        </div>
        <div className="mt-6">
          <ClubMembershipsSection memberships={profile.clubMemberships} />
        </div>
        <div className="mt-6">
          <AttendanceSection attendance={profile.attendance} />
        </div>
      </Suspense>
    </>
  );
}

/** /profile: the signed-in user's profile and photo. */
export function ProfilePage() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading profile..." visibleLabel size="lg" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <ErrorState
        message={PROFILE_MESSAGES.fetchFailed}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return <ProfileEditor profile={profile.data} />;
}
