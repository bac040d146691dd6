import type { ReactNode } from 'react';

/** Label and value pairs, two columns on a wide screen, stacked on a phone. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a details dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line-soft pt-3 first:border-t-0 first:pt-0">
      <h3 className="mb-2 text-base font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}
