import type { ReactNode } from 'react';
import type { Profile } from '@cosa/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { PhotoActions } from './photo-actions';

/** The profile's header: the picture (initials when there is none), name, student id, photo actions and the page's buttons. */
export function ProfileHeader({ profile, actions }: { profile: Profile; actions: ReactNode }) {
  const { name, photoUrl } = profile.personal;
  return (
    <header className="mb-6 flex min-w-0 flex-col gap-4 rounded-card border border-line-soft bg-surface p-4 shadow-card sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <div className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-center">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={`Photo of ${name}`}
            className="size-24 shrink-0 rounded-full border border-line-soft object-cover"
          />
        ) : (
          <Avatar name={name} className="size-24 text-3xl!" />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
              {name}
            </h1>
            {profile.user.studentId && (
              <p className="text-sm text-ink-muted">Student ID: {profile.user.studentId}</p>
            )}
          </div>
          <PhotoActions hasPhoto={Boolean(photoUrl)} />
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </header>
  );
}
