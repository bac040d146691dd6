import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';

type CalendarAddressProps = {
  /** The field's label, e.g. 'Your private calendar address'. */
  label: string;
  address: string;
  hint?: ReactNode;
};

const COPY_FAILED = 'The address could not be copied. Select it in the box and copy it by hand.';

/** A calendar feed's address in a read-only box, with a Copy button. */
export function CalendarAddress({ label, address, hint }: CalendarAddressProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
    } catch {
      toast.error(COPY_FAILED);
      return;
    }
    toast.success('Calendar address copied.');
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 3000);
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={label}
        value={address}
        readOnly
        spellCheck={false}
        hint={hint}
        containerClassName="min-w-0 flex-1"
        onFocus={(event) => event.currentTarget.select()}
      />
      {/* Lined up with the box, below its label, on a wide screen. */}
      <Button variant="secondary" onClick={() => void copy()} className="sm:mt-6">
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> {label.toLowerCase()}</span>
      </Button>
    </div>
  );
}
