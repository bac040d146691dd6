import type { ReactNode } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

type TabItem = { value: string; label: ReactNode; content: ReactNode };

type TabsProps = {
  items: readonly TabItem[];
  /** Uncontrolled start tab; defaults to the first. */
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for screen readers. */
  label: string;
  className?: string;
};

/** Tabs with arrow-key navigation; on a narrow screen the tabs wrap onto a second line, so every tab stays in sight. */
export function Tabs({ items, defaultValue, value, onValueChange, label, className }: TabsProps) {
  return (
    <TabsPrimitive.Root
      defaultValue={defaultValue ?? items[0]?.value}
      value={value}
      onValueChange={onValueChange}
      className={cn('min-w-0', className)}
    >
      <TabsPrimitive.List
        aria-label={label}
        className="flex max-w-full flex-wrap gap-x-1 border-b border-line-soft"
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted',
              'hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
              'data-[state=active]:border-accent data-[state=active]:text-accent-ink',
            )}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="pt-4">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
