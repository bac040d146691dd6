import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info';

const TONES: Record<AlertTone, string> = {
  error: 'border-danger-700/30 bg-danger-50 text-danger-700',
  success: 'border-success-700/30 bg-success-50 text-success-700',
  info: 'border-info-700/30 bg-info-50 text-info-700',
};

type AlertProps = { tone?: AlertTone; children: ReactNode; className?: string };

/** An inline message about the form or page; errors are announced at once, others politely. */
export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-3 py-2 text-sm break-words', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
