import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A surface for grouped content. */
export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'min-w-0 rounded-card border border-line-soft bg-surface p-4 shadow-card sm:p-6',
        className,
      )}
      {...rest}
    />
  );
}
