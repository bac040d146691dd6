import { useState } from 'react';
import type { EventMessageInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMessageRegistrants } from '../api/registrants';

const AUDIENCES = [
  { value: 'confirmed', label: 'Registered people' },
  { value: 'waitlisted', label: 'The waitlist' },
  { value: 'all', label: 'Both' },
];

/** An announcement to the event's registrants, written in a dialog; the server's field messages show under the fields. */
export function MessageRegistrants({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [to, setTo] = useState<EventMessageInput['to']>('confirmed');
  const send = useMessageRegistrants(eventId);
  const fields = send.error instanceof ApiError ? (send.error.fields ?? {}) : {};
  const general =
    send.isError && !fields.title && !fields.body
      ? send.error instanceof ApiError && send.error.status < 500
        ? send.error.message
        : 'The message could not be sent. Please try again.'
      : null;
  const submit = () =>
    send.mutate(
      { title, body, to },
      {
        onSuccess: ({ announcement }) => {
          toast.success(
            `Message sent to ${announcement.recipients} ${announcement.recipients === 1 ? 'person' : 'people'}.`,
          );
          setOpen(false);
          setTitle('');
          setBody('');
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (send.isPending) return;
        if (next) send.reset();
        setOpen(next);
      }}
      trigger={<Button variant="secondary">Message registrants</Button>}
      title="Message the registrants"
      description="They receive it as an announcement in the portal, and by e-mail if they chose so."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending} loadingText="Sending...">
            Send
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <SelectField
          label="To"
          value={to}
          options={AUDIENCES}
          onChange={(e) => setTo(e.target.value as EventMessageInput['to'])}
        />
        <TextField
          label="Title"
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
          required
        />
        <TextAreaField
          label="Message"
          value={body}
          maxLength={4000}
          rows={5}
          onChange={(e) => setBody(e.target.value)}
          error={fields.body}
          required
        />
        {general && <Alert tone="error">{general}</Alert>}
      </div>
    </Dialog>
  );
}
