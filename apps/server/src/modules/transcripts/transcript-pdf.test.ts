import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TranscriptContent } from '@cosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderTranscriptPdf, type TranscriptPdfInput } from './transcript-pdf';

// Checked with Debian's poppler-utils, the tools a reader's machine would use, not with react-pdf.
const run = (tool: string, args: string[]): string => execFileSync(tool, args, { encoding: 'utf8' });

// Hand-typed expectations. The Devanagari name has no reph or pre-base vowel sign: a PDF stores
// those glyphs in visual order, so pdftotext would print "अर्जुन" as "अजुर्न" (see the last test).
const STUDENT_NAME = 'राहुल Sharma';
const STUDENT_ID = '22110417';
const INSTITUTE = 'Indian Institute of Technology Bhilai';
const VERIFY_URL =
  'https://cosa.iitbhilai.ac.in/verify/transcripts/3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d';
const TRANSCRIPT_ID = '3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d';

const achievement = (index: number) => ({
  id: `a-${index}`,
  code: `ACH-${10000 + index}`,
  title: `Inter-IIT Tech Meet, robotics event ${index}`,
  type: 'technical' as const,
  category: 'Robotics',
  level: 'national',
  position: '1st',
  dateAchieved: '2025-03-12',
  verifiedBy: 'Dr Meera Rao',
  verifiedAt: '2025-03-20T20:00:00Z',
});
const position = (index: number) => ({
  id: `p-${index}`,
  code: `POR-${10000 + index}`,
  title: `Coordinator, Robotics Club term ${index}`,
  unit: 'Technical Council',
  tenureYear: '2024-25',
  appointmentDate: '2024-07-01',
  verifiedBy: 'Zoë Ångström',
  verifiedAt: '2024-07-02T05:00:00Z',
});
const skill = (index: number) => ({
  id: `s-${index}`,
  name: `Embedded C, module ${index}`,
  category: 'Programming',
  type: 'technical' as const,
  proficiencyLevel: 'advanced' as const,
  endorsedBy: 'Prof. Anil Kumar',
  endorsedAt: '2025-01-05T10:00:00Z',
});
const attended = (index: number) => ({
  id: `r-${index}`,
  eventId: `e-${index}`,
  title: `Robotics workshop ${index}`,
  // 19:30 UTC on 14 August is past midnight in Asia/Kolkata: the day attended is the 15th.
  checkedInAt: '2025-08-14T19:30:00Z',
  checkedInBy: index === 1 ? null : 'Kavya Menon',
});
const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

const student = {
  name: STUDENT_NAME,
  studentId: STUDENT_ID,
  program: 'B.Tech',
  discipline: 'Electrical Engineering',
  batchYear: 2022,
};
const fullContent: TranscriptContent = {
  student,
  achievements: range(12).map(achievement),
  positions: range(6).map(position),
  skills: range(10).map(skill),
  attendance: range(3).map(attended),
  memberships: [],
};

const inputOf = (content: TranscriptContent, name: string = STUDENT_NAME): TranscriptPdfInput => ({
  transcriptId: TRANSCRIPT_ID,
  content: { ...content, student: { ...content.student, name } },
  institute: { name: INSTITUTE, shortName: 'IIT Bhilai' },
  issuedAt: new Date('2025-04-01T18:45:00Z'),
  verifyUrl: VERIFY_URL,
  timeZone: 'Asia/Kolkata',
});

const pageCountOf = (file: string): number =>
  Number(/^Pages:\s+(\d+)$/m.exec(run('pdfinfo', [file]))?.[1]);

describe('transcript PDF', () => {
  let dir: string;
  let fullPdf: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-pdf-'));
    fullPdf = path.join(dir, 'full.pdf');
    writeFileSync(fullPdf, await renderTranscriptPdf(inputOf(fullContent)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is A4 and flows over at least two pages', () => {
    const info = run('pdfinfo', [fullPdf]);
    expect(info).toContain('Page size:       595.28 x 841.89 pts (A4)');
    expect(pageCountOf(fullPdf)).toBeGreaterThanOrEqual(2);
    expect(info).toMatch(/^Title:\s+Co-curricular transcript — राहुल Sharma$/m);
    expect(info).toMatch(/^Author:\s+Indian Institute of Technology Bhilai$/m);
  });

  it('prints the student, the institute, the records and a footer on every page', () => {
    const text = run('pdftotext', ['-layout', fullPdf, '-']);
    const pages = pageCountOf(fullPdf);
    expect(text).toContain('राहुल Sharma');
    expect(text).toContain('22110417');
    expect(text).toContain('Indian Institute of Technology Bhilai');
    expect(text).toContain('Co-curricular transcript');
    expect(text).toContain('Inter-IIT Tech Meet, robotics event 12');
    expect(text).toContain('Coordinator, Robotics Club term 6');
    expect(text).toContain('Embedded C, module 10');
    expect(text).toContain('12 Mar 2025');
    // 20:00 UTC on 20 March is past midnight in Asia/Kolkata.
    expect(text).toContain('Verified by Dr Meera Rao on 21 Mar 2025');
    expect(text).toContain('Issued 2 Apr 2025, 00:15 UTC+05:30');
    expect(text).toContain('Events attended');
    expect(text).toContain('Attended Robotics workshop 3 on 15 Aug 2025');
    expect(text).toContain('Verified by check-in, checked in by Kavya Menon');
    // The first was checked in by an account since removed: the check-in alone is named.
    expect(text).toMatch(/Attended Robotics workshop 1 on 15 Aug 2025\s+Verified by check-in\s*\n/);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // pdftotext ends every page with a form feed: one footer per page.
    const perPage = text.split('\f').slice(0, pages);
    expect(
      perPage.filter((page) => page.includes('Transcript 3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d')),
    ).toHaveLength(pages);
  });

  it('prints a QR code on the first page that scans to the verification address', async () => {
    const wasm = readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    // Given the bytes, the reader never fetches its wasm from a CDN (its default).
    await prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    const prefix = path.join(dir, 'page');
    run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', fullPdf, prefix]);
    const results = await readBarcodes(new Uint8Array(readFileSync(`${prefix}.png`)), {
      formats: ['QRCode'],
    });
    expect(results.map((result) => result.text)).toEqual([
      'https://cosa.iitbhilai.ac.in/verify/transcripts/3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d',
    ]);
    const firstPage = run('pdftotext', ['-f', '1', '-l', '1', fullPdf, '-']).replace(/\s+/g, ' ');
    expect(firstPage).toContain(
      'Scan or open https://cosa.iitbhilai.ac.in/verify/transcripts/3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d to check this transcript',
    );
  });

  it('leaves out the sections that have no records, and shows a dash for missing details', async () => {
    const file = path.join(dir, 'skills-only.pdf');
    const skillsOnly = {
      student: { ...student, discipline: null },
      achievements: [],
      positions: [],
      skills: [skill(1)],
      attendance: [],
      memberships: [],
    };
    writeFileSync(file, await renderTranscriptPdf(inputOf(skillsOnly)));
    const text = run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Endorsed skills');
    expect(text).toContain('Embedded C, module 1');
    expect(text).not.toContain('Achievements');
    expect(text).not.toContain('Positions of responsibility');
    expect(text).not.toContain('Events attended');
    expect(text).not.toContain('Club memberships');
    expect(text).toMatch(/Discipline\s+—/);
    expect(text).toContain('Page 1 of 1');
  });

  it('sets Devanagari and accented Latin names in the bundled Noto fonts', async () => {
    const file = path.join(dir, 'names.pdf');
    writeFileSync(
      file,
      await renderTranscriptPdf(inputOf({ ...fullContent, skills: [] }, 'अर्जुन Łukasz Dvořák')),
    );
    const fonts = run('pdffonts', [file]);
    // The name is bold; each script must come from its own font, not a fallback box.
    expect(fonts).toContain('NotoSansDevanagari-Bold');
    expect(fonts).toContain('NotoSans-Bold');
    const text = run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Łukasz Dvořák');
    // Shaped: the reph of "अर्जुन" is drawn after the syllable it crowns, so it comes back in that
    // visual order; glyphs set one by one, unshaped, would come back as typed.
    expect(text).toContain('अजुर्न');
  });

  it('sets names in India’s other scripts in their own Noto fonts', async () => {
    const file = path.join(dir, 'indic-names.pdf');
    const names = 'ஆரவ் বিশাল తేజ ગીતા ಕಿರಣ್ മീര ସୁମନ ਸਿਮਰਨ';
    writeFileSync(file, await renderTranscriptPdf(inputOf({ ...fullContent, skills: [] }, names)));
    const fonts = run('pdffonts', [file]);
    for (const font of [
      'Tamil',
      'Bengali',
      'Telugu',
      'Gujarati',
      'Kannada',
      'Malayalam',
      'Oriya',
      'Gurmukhi',
    ])
      expect(fonts).toContain(`NotoSans${font}-Bold`);
  });

  it('draws a name in Gurmukhi beside Latin letters and an emoji', async () => {
    const file = path.join(dir, 'gurmukhi-name.pdf');
    writeFileSync(
      file,
      await renderTranscriptPdf(inputOf({ ...fullContent, skills: [] }, 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ Gurpreet Singh 😀')),
    );
    expect(run('pdffonts', [file])).toContain('NotoSansGurmukhi-Bold');
    expect(run('pdftotext', ['-layout', file, '-'])).toContain('Gurpreet Singh');
  });
});
