import { Link } from 'react-router';
import type { AdminUser } from '@cosa/contracts';
import { paths } from '../../../../lib/paths';
import { RoleBadge, StateBadge } from './account-badges';

/** One row of the users list: who, how to reach them, role, club and state; the name opens the user. */
export function UserCard({ user }: { user: AdminUser }) {
  return (
    <article className="flex h-full min-w-0 flex-col gap-2 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <h2 className="text-base font-semibold break-words text-ink">
        <Link
          to={paths.adminUser(user.id)}
          className="rounded-sm text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {user.name}
        </Link>
      </h2>
      <p className="text-sm break-all text-ink-muted">{user.email}</p>
      <p className="text-sm text-ink-muted">
        {user.studentId ? `Student ID ${user.studentId}` : 'No student ID'} · {user.username}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <RoleBadge role={user.role} />
        <StateBadge state={user.state} />
      </div>
      {user.club && <p className="text-sm text-ink">Club: {user.club.name}</p>}
    </article>
  );
}
