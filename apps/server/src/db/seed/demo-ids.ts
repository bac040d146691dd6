import type { Random } from './random';

/** Ids of what has been inserted so far, by the keys the demo data uses. */
export type DemoIds = {
  random: Random;
  now: Date;
  domain: string;
  units: Map<string, string>;
  people: Map<string, { id: string; name: string }>;
  skills: Map<string, { id: string; type: string }>;
  positions: Map<string, { id: string; title: string; unit: string }>;
};

/** The general secretary who looks after each skill type. */
export const GENSEC_OF_TYPE: Record<string, string> = {
  technical: 'gensec.tech',
  cultural: 'gensec.cult',
  sports: 'gensec.sports',
  academic: 'gensec.acad',
  other: 'president',
};

export function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data names an unknown ${what} '${key}'`);
  return value;
}
