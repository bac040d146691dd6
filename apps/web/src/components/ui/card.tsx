import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A surface for grouped content. */
export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={cn('min-w-0 rounded-card border border-line-soft bg-surface p-4 shadow-card sm:p-6', className)} {...rest} />;
}

export function CardTitle({ className, ...rest }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold text-ink', className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-sm text-ink-muted', className)} {...rest} />;
}
