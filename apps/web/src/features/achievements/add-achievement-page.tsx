import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../lib/paths';
import { AchievementForm } from './components/achievement-form';

/** /add-achievement: the student records an achievement, to be verified by an official. */
export function AddAchievementPage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Add Achievement" />
      <Card>
        <AchievementForm
          secondary={
            <Link to={paths.viewAchievements} className={buttonClasses({ variant: 'secondary' })}>
              View Achievements
            </Link>
          }
        />
      </Card>
    </div>
  );
}
