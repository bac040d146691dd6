import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** Messages of the repository's own lint config about dates formatted outside format.ts. */
async function dateMessages(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.fatal || m.ruleId === 'cosa/no-own-date-format');
}

const page = 'apps/web/src/features/events/components/event-card.tsx';

describe('lint: a page does not format a date itself', () => {
  it.each([
    [
      'Intl.DateTimeFormat',
      "export const f = (d: Date) => new Intl.DateTimeFormat('en-GB').format(d);\n",
    ],
    ['toLocaleDateString', "export const f = (d: Date) => d.toLocaleDateString('en-IN');\n"],
    ['toLocaleTimeString', 'export const f = (d: Date) => d.toLocaleTimeString();\n'],
    [
      'toLocaleString with date options',
      "export const f = (d: Date) => d.toLocaleString('en-US', { hour: 'numeric' });\n",
    ],
    ['toLocaleString on a new Date', 'export const f = (s: string) => new Date(s).toLocaleString();\n'],
    [
      'Intl.RelativeTimeFormat',
      "export const f = () => new Intl.RelativeTimeFormat('en').format(-1, 'day');\n",
    ],
  ])('refuses %s in a page', async (_name, code) => {
    const messages = await dateMessages(code, page);
    expect(messages.map((m) => m.ruleId)).toEqual(['cosa/no-own-date-format']);
  });

  it('allows format.ts itself, and a number written with toLocaleString', async () => {
    expect(
      await dateMessages(
        "export const f = (d: Date) => new Intl.DateTimeFormat('en-US').format(d);\n",
        'apps/web/src/lib/format.ts',
      ),
    ).toEqual([]);
    expect(
      await dateMessages("export const f = (n: number) => n.toLocaleString('en-IN');\n", page),
    ).toEqual([]);
    expect(
      await dateMessages(
        "import { formatDate } from '../../../lib/format';\nexport const f = (d: string) => formatDate(d);\n",
        page,
      ),
    ).toEqual([]);
  });
});
