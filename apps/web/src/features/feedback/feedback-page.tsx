import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { FeedbackForm } from './components/feedback-form';

/** /feedback: any onboarded user gives feedback about a person, an event, a club or a position. */
export function FeedbackPage() {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        title="Give Feedback"
        description="Tell the council what works and what should change."
      />
      <Card>
        <FeedbackForm />
      </Card>
    </div>
  );
}
