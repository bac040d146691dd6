import type { Role } from '@cosa/contracts';
import type { Database } from '../client';
import type { Random } from './random';

export type ScaleProgress = { stage: string; done: number; total: number };

/** What a generator step needs: the transaction, the PRNG, and what earlier steps created. */
export type ScaleContext = {
  db: Database;
  random: Random;
  now: Date;
  domain: string;
  batchSize: number;
  progress: (stage: string, done: number, total: number) => void;
  /** The students of this run; officials of this run are among them. */
  students: { id: string; name: string }[];
  /** Officials by role, existing ones first. */
  officials: Map<Role, string[]>;
  clubs: { id: string; name: string; category: string }[];
  positions: { id: string; title: string; unitName: string; category: string }[];
  events: { id: string; title: string; past: boolean }[];
  /** How many events the run adds. */
  eventCount: number;
  counts: Record<string, number>;
};

const GENSEC_FOR_TYPE: Record<string, Role> = {
  technical: 'GENSEC_SCITECH',
  cultural: 'GENSEC_CULTURAL',
  sports: 'GENSEC_SPORTS',
  academic: 'GENSEC_ACADEMIC',
};

/** The official who endorses or verifies items of a type: its general secretary, else the president, else any. */
export function officialFor(context: ScaleContext, type: string): string | null {
  const role = GENSEC_FOR_TYPE[type];
  const candidates =
    (role && context.officials.get(role)) ||
    context.officials.get('PRESIDENT') ||
    [...context.officials.values()].flat();
  return candidates.length > 0 ? context.random.pick(candidates) : null;
}

export function anyOfficial(context: ScaleContext): string | null {
  const president = context.officials.get('PRESIDENT');
  if (president && president.length > 0) return context.random.pick(president);
  const all = [...context.officials.values()].flat();
  return all.length > 0 ? context.random.pick(all) : null;
}

/** A random moment between `fromDays` and `toDays` days ago. */
export function momentAgo(context: ScaleContext, fromDays: number, toDays: number): Date {
  const span = (toDays - fromDays) * 86_400_000;
  return new Date(
    context.now.getTime() - fromDays * 86_400_000 - Math.floor(context.random.next() * span),
  );
}
