import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, which also names its form. */
  title: string;
  description?: string | undefined;
  trigger: {
    label: string;
    ariaLabel?: string | undefined;
    variant?: ButtonVariant;
    size?: 'sm' | 'md';
  };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The reason the whole form failed (the server's, or nothing to change). */
  rootError?: string | undefined;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Two columns from a small screen up; the fields place themselves with sm:col-span-2. */
  columns?: boolean;
  children: ReactNode;
};

/** The frame of an administration form in a dialog: its trigger, the form's error line, the fields, Cancel and the submit button. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  onSubmit,
  rootError,
  pending,
  submitLabel,
  pendingLabel,
  columns = false,
  children,
}: FormDialogProps) {
  const wide = columns ? 'sm:col-span-2' : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      {...(description ? { description } : {})}
      trigger={
        <Button
          variant={trigger.variant ?? 'primary'}
          size={trigger.size ?? 'md'}
          {...(trigger.ariaLabel ? { 'aria-label': trigger.ariaLabel } : {})}
        >
          {trigger.label}
        </Button>
      }
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={onSubmit}
        className={columns ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}
      >
        {rootError && (
          <Alert tone="error" className={wide}>
            {rootError}
          </Alert>
        )}
        {children}
        <div className={cn('flex flex-wrap justify-end gap-2', wide)}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={pending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={pending} loadingText={pendingLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
