import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** How a link inside running text looks, whether it leads within the app or to a file or address. */
export const textLinkClasses =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** An in-app link inside running text. */
export function TextLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...rest} />;
}
