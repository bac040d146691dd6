import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTranscriptPdf, type TranscriptPdfInput } from './transcript-pdf';
import { drawTranscriptPdf, renderTranscriptPdfOffThread } from './transcript-pdf-thread';

/** The time a render may take here, as the configuration gives it by default (30 s). */
const LIMIT = 30_000;
// Read back with Debian's poppler-utils, as a reader's machine would, not with react-pdf.
const run = (tool: string, args: string[]): string => execFileSync(tool, args, { encoding: 'utf8' });

/** Students' names typed by hand, one for each script the institute's students write. */
const NAMES = [
  { script: 'Devanagari', font: 'NotoSansDevanagari', name: 'श्रीनिवास' },
  { script: 'Bengali', font: 'NotoSansBengali', name: 'শ্রীনিবাস' },
  { script: 'Gurmukhi', font: 'NotoSansGurmukhi', name: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ' },
  { script: 'Gujarati', font: 'NotoSansGujarati', name: 'શ્રીનિવાસ' },
  { script: 'Odia', font: 'NotoSansOriya', name: 'ଶ୍ରୀନିବାସ' },
  { script: 'Tamil', font: 'NotoSansTamil', name: 'சீனிவாசன்' },
  { script: 'Telugu', font: 'NotoSansTelugu', name: 'శ్రీనివాస్ రావు' },
  { script: 'Kannada', font: 'NotoSansKannada', name: 'ಶ್ರೀನಿವಾಸ' },
  { script: 'Malayalam', font: 'NotoSansMalayalam', name: 'ശ്രീനിവാസന്‍' },
];

const inputOf = (name: string): TranscriptPdfInput => ({
  transcriptId: '3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d',
  content: {
    student: { name, studentId: '22110417', program: 'B.Tech', discipline: null, batchYear: 2022 },
    achievements: [],
    positions: [],
    skills: [],
  },
  institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' },
  issuedAt: new Date('2025-04-01T18:45:00Z'),
  verifyUrl: 'https://cosa.iitbhilai.ac.in/verify/transcripts/3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d',
  timeZone: 'Asia/Kolkata',
});

/**
 * The characters of a text, decomposed and sorted. A PDF stores shaped glyphs in the order they
 * are drawn, and its ToUnicode map gives each glyph its characters: a vowel sign drawn before its
 * consonant (ि, ি, ਿ) or a reph comes back first. The same characters must come back, each once.
 */
const charactersOf = (text: string): string[] => [...text.normalize('NFD')].sort();

/** The line under the title: the student's name, as pdftotext reads it. */
const nameLineOf = (file: string): string =>
  run('pdftotext', ['-raw', file, '-']).split('\n')[2]!.trim();

describe('transcript PDF in India’s scripts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-scripts-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(NAMES)('sets a $script name in its own font, shaped', async ({ script, font, name }) => {
    const file = path.join(dir, `${script}.pdf`);
    writeFileSync(file, await renderTranscriptPdf(inputOf(name)));
    expect(run('pdffonts', [file])).toContain(`${font}-Bold`);
    const line = nameLineOf(file);
    expect(charactersOf(line)).toEqual(charactersOf(name));
    expect(line).not.toContain('Śrī');
  });

  it('draws conjuncts and vowel signs: pre-base vowel signs come back before their consonant', async () => {
    // Set one glyph at a time, unshaped, these would come back exactly as typed.
    const shapedAs = [
      ['श्रीनिवास', 'श्रीिनवास'],
      ['শ্রীনিবাস', 'শ্রীিনবাস'],
      ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'ਗੁਰਪ੍ਰੀਤ ਿਸੰਘ'],
      ['શ્રીનિવાસ', 'શ્રીિનવાસ'],
    ];
    for (const [index, [name, drawn]] of shapedAs.entries()) {
      const file = path.join(dir, `shaped-${index}.pdf`);
      writeFileSync(file, await renderTranscriptPdf(inputOf(name!)));
      expect(nameLineOf(file)).toBe(drawn);
    }
  });

  it('comes back exactly as typed where the script draws in typed order', async () => {
    for (const name of ['சீனிவாசன்', 'ଶ୍ରୀନିବାସ', 'ന്‍']) {
      const file = path.join(dir, 'typed-order.pdf');
      writeFileSync(file, await renderTranscriptPdf(inputOf(name)));
      expect(nameLineOf(file).normalize('NFC')).toBe(name.normalize('NFC'));
    }
  });

  it('still gives a PDF with the name in Latin letters when the shaped drawing fails, and logs it', async () => {
    const logged: object[] = [];
    const log = { error: (details: object) => logged.push(details) };
    // Drawn on the PDF worker thread, as the server draws it.
    const pdf = await drawTranscriptPdf(inputOf('శ్రీనివాస్ రావు'), log, LIMIT, async (input, mode) => {
      if (mode === 'shaped') throw new Error('forced: the font could not be laid out');
      return renderTranscriptPdfOffThread(input, mode, LIMIT);
    });
    const file = path.join(dir, 'fallback.pdf');
    writeFileSync(file, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = run('pdftotext', ['-raw', file, '-']);
    expect(text).toContain('Śrīnivās Rāvu');
    expect(text).toContain(
      'Names and text in Indian scripts are printed in Latin letters on this copy.',
    );
    expect(text).toContain('22110417');
    // The name as issued stays in the document's title.
    expect(run('pdfinfo', [file])).toMatch(/^Title:\s+Co-curricular transcript — శ్రీనివాస్ రావు$/m);
    expect(logged).toEqual([
      expect.objectContaining({ transcriptId: '3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d', mode: 'shaped' }),
    ]);
  });

  it('falls back to the PDF’s built-in font when the bundled fonts fail too', async () => {
    const modes: string[] = [];
    const pdf = await drawTranscriptPdf(
      inputOf('ശ്രീനിവാസന്‍ Łukasz'),
      { error: () => undefined },
      LIMIT,
      async (input, mode) => {
        modes.push(mode);
        if (mode !== 'basic') throw new Error(`forced: ${mode} failed`);
        return renderTranscriptPdf(input, mode);
      },
    );
    const file = path.join(dir, 'basic.pdf');
    writeFileSync(file, pdf);
    expect(modes).toEqual(['shaped', 'latin', 'basic']);
    expect(run('pdffonts', [file])).toContain('Helvetica-Bold');
    expect(run('pdftotext', ['-raw', file, '-'])).toContain('Srinivasan Lukasz');
  });
});
