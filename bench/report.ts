/* The tables a benchmark run prints, in Markdown, for docs/benchmarks.md. */

export type Row = {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number; // autocannon reports no p95: its p97.5 bounds it from above
  p99: number;
  failures: number;
  rss: number | null;
};

/** Requests per second as a share of a ceiling scenario's in the same run ('' when the run has no such scenario). */
function ratioTo(rows: Row[], ceiling: string, row: Row): string {
  const top = rows.find((candidate) => candidate.scenario === ceiling);
  return top && top.requestsPerSecond > 0
    ? `${(row.requestsPerSecond / top.requestsPerSecond).toFixed(2)}×`
    : '';
}

export function printTable(rows: Row[]): void {
  process.stdout.write(
    '\n| scenario | requests/s | × /api/health | × /api/config | p50 ms | p97.5 ms | p99 ms | failed | server RSS MiB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  for (const row of rows) {
    const cells = [
      row.scenario,
      row.requestsPerSecond,
      ratioTo(rows, 'GET /api/health', row),
      ratioTo(rows, 'GET /api/config', row),
      row.p50,
      row.p97_5,
      row.p99,
      row.failures,
      row.rss ?? 'n/a',
    ];
    process.stdout.write(`| ${cells.join(' | ')} |\n`);
  }
}

/** How each scenario's p99 grows with the campus: one column per size, then the last against the first. */
export function printGrowth(runs: { students: number; rows: Row[] }[]): void {
  const first = runs[0]!;
  const last = runs.at(-1)!;
  process.stdout.write(
    `\n| scenario | ${runs.map((run) => `p99 ms, ${run.students} students`).join(' | ')} | ${last.students} against ${first.students} |\n`,
  );
  process.stdout.write(`|---|${runs.map(() => '---:').join('|')}|---:|\n`);
  for (const row of first.rows) {
    const p99s = runs.map(
      (run) => run.rows.find((candidate) => candidate.scenario === row.scenario)?.p99 ?? null,
    );
    const end = p99s.at(-1);
    const growth =
      row.p99 > 0 && end !== null && end !== undefined
        ? `${end >= row.p99 ? '+' : ''}${Math.round(((end - row.p99) / row.p99) * 100)}%`
        : '';
    process.stdout.write(
      `| ${row.scenario} | ${p99s.map((value) => value ?? 'n/a').join(' | ')} | ${growth} |\n`,
    );
  }
}
