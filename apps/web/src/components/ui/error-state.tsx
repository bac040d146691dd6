import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

type ErrorStateProps = {
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** A way to put the failure aside (a Close button beside Retry). */
  onClose?: () => void;
  className?: string;
};

/** A failure message that says what to do next, with an optional Retry. */
export function ErrorState({ message, onRetry, retrying = false, onClose, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-card border border-danger-700/30 bg-danger-50 p-4 text-danger-700',
        className,
      )}
    >
      <p className="text-sm">{message}</p>
      {(onRetry || onClose) && (
        <div className="flex flex-wrap gap-2">
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
              Retry
            </Button>
          )}
          {onClose && (
            <Button variant="secondary" size="sm" onClick={onClose}>
              Close
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
