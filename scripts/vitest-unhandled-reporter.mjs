// A Vitest reporter that keeps the errors no test owns (a worker that died, a rejection after a
// test ended) in the file VITEST_UNHANDLED_FILE names, so that the run's last lines can say what
// failed: the JSON report counts tests and files only.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const errors = [...unhandledErrors].map((error) => {
      const name = error?.name ?? 'Error';
      const message = String(error?.message ?? error).split('\n')[0];
      return `${name}: ${message}`.slice(0, 300);
    });
    writeFileSync(file, JSON.stringify(errors));
  }
}
