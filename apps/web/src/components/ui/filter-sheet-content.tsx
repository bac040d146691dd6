import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Button } from './button';

type FilterSheetContentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: (event: Event) => void;
  children: ReactNode;
};

/** The phone's bottom sheet of a list's filters: a modal dialog along the bottom edge, within thumb reach. */
export function FilterSheetContent({
  open,
  onOpenChange,
  returnFocus,
  children,
}: FilterSheetContentProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-card bg-surface shadow-xl focus-visible:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line-soft px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold text-ink">
              Filters
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="sm">
                Close
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex min-h-0 flex-col gap-3 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-line-soft px-4 py-3">
            <DialogPrimitive.Close asChild>
              <Button fullWidth>Show results</Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
