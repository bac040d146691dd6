// Counting a large post: COUNT_BALLOTS (20,000) ranked ballots over COUNT_CANDIDATES (12)
// candidates for COUNT_SEATS (3) seats by STV, and the same ballots for one seat by instant-runoff.
// The ballots are drawn from a fixed seed, with a few popular candidates and rankings of one to
// all candidates, so every run counts the same election. Reports the time and the rounds.
// Run: npm run bench:count
import os from 'node:os';
import {
  countInstantRunoff,
  countStv,
  type RankedBallot,
} from '../apps/server/src/modules/elections/counting';

const BALLOTS = Number(process.env.COUNT_BALLOTS ?? 20_000);
const CANDIDATES = Number(process.env.COUNT_CANDIDATES ?? 12);
const SEATS = Number(process.env.COUNT_SEATS ?? 3);
/** The target: 20,000 ranked ballots for a 3-seat STV post counted in under 5 s. */
const TARGET_MS = 5_000;

/** A small seeded generator (mulberry32), so the ballots are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seeded(2026);
const candidates = Array.from({ length: CANDIDATES }, (_, i) => `candidate-${i + 1}`);
// Popularity falls off with the candidate's number: the first few draw most first preferences.
const weights = candidates.map((_, i) => 1 / (i + 1));

function ballot(): RankedBallot {
  const left = [...candidates];
  const leftWeights = [...weights];
  const length = 1 + Math.floor(random() * CANDIDATES);
  const ranking: string[] = [];
  while (ranking.length < length) {
    const total = leftWeights.reduce((sum, weight) => sum + weight, 0);
    let pick = random() * total;
    let index = 0;
    while (pick > leftWeights[index]! && index < left.length - 1) pick -= leftWeights[index++]!;
    ranking.push(left[index]!);
    left.splice(index, 1);
    leftWeights.splice(index, 1);
  }
  return ranking;
}

const ballots = Array.from({ length: BALLOTS }, ballot);
process.stdout.write(
  `Counting: ${os.cpus().length} CPUs, Node ${process.version}, ${BALLOTS} ballots, ${CANDIDATES} candidates.\n`,
);
let failed = false;
for (let run = 1; run <= 3; run += 1) {
  const started = performance.now();
  const stv = countStv({ candidates, seats: SEATS, ballots, draw: candidates });
  const stvMs = performance.now() - started;
  const irvStarted = performance.now();
  const irv = countInstantRunoff({ candidates, ballots, draw: candidates });
  const irvMs = performance.now() - irvStarted;
  process.stdout.write(
    `  run ${run}: STV for ${SEATS} seats in ${stvMs.toFixed(0)} ms (${stv.rounds.length} rounds, elected ${stv.elected.join(', ')}); instant-runoff in ${irvMs.toFixed(0)} ms (${irv.rounds.length} rounds)\n`,
  );
  failed ||= stvMs >= TARGET_MS;
}
process.stdout.write(failed ? `Target (STV under ${TARGET_MS} ms) NOT met.\n` : 'Target met.\n');
if (failed) process.exitCode = 1;
