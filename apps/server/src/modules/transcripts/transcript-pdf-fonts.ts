import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';
import { guardNullAnchors } from './transcript-pdf-anchors';

const require = createRequire(import.meta.url);
const fontFile = (file: string): string => require.resolve(file);

/**
 * India's other scripts, after Devanagari: a student's name is often written in one of them.
 * Their fonts shape (conjuncts, vowel signs, reph) only with the null-anchor guard below.
 */
const INDIC_SCRIPTS = [
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
] as const;

/** How a transcript's text is set: the fallbacks are for a PDF that could not be drawn otherwise. */
export type TranscriptScriptMode = 'shaped' | 'latin' | 'basic';

/**
 * The fonts each mode asks for. react-pdf picks, character by character, the first font that has
 * the glyph, so a name may mix Latin, accented Latin and Indian scripts. 'latin' leaves out the
 * Indian scripts' fonts (their text is transliterated); 'basic' is the PDF's built-in Helvetica,
 * which needs no font file and no shaping at all.
 */
export const TRANSCRIPT_FONT_STACKS: Record<TranscriptScriptMode, string[]> = {
  shaped: [
    'NotoSans',
    'NotoSansLatinExt',
    'NotoSansDevanagari',
    ...INDIC_SCRIPTS.map((script) => `NotoSans${script}`),
  ],
  latin: ['NotoSans', 'NotoSansLatinExt'],
  basic: ['Helvetica'],
};

/** First code point of each Indian script's Unicode block, with its font. */
const SCRIPT_BLOCKS: [number, string][] = [
  [0x0900, 'NotoSansDevanagari'],
  ...INDIC_SCRIPTS.map((script, index): [number, string] => [
    0x0980 + index * 0x80,
    `NotoSans${script}`,
  ]),
];

/**
 * The shaped stack for one text, with the fonts of the Indian scripts it holds first. react-pdf
 * gives a joiner (ZWJ, ZWNJ) to the first font in the stack that has one; it has to stay with the
 * letters it joins, or 'ന്‍' loses its chillu and is drawn with a visible virama.
 */
export function shapedStackFor(text: string): string[] | null {
  const first: string[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const block = SCRIPT_BLOCKS.find(([start]) => code >= start && code < start + 0x80);
    if (block && !first.includes(block[1])) first.push(block[1]);
  }
  if (first.length === 0) return null;
  return [...first, ...TRANSCRIPT_FONT_STACKS.shaped.filter((family) => !first.includes(family))];
}

let registered = false;

/** Registers the bundled Noto fonts with react-pdf; the font store is global, so only once per process. */
export function registerTranscriptFonts(): void {
  if (registered) return;
  const telugu = fontFile('@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff');
  // Were fontkit's insides to change, Telugu, Gurmukhi and Malayalam names would fail to shape
  // again; the fallback modes would still print them, and the failure is logged there.
  guardNullAnchors(telugu);
  Font.register({
    family: 'NotoSans',
    fonts: [
      { src: fontFile('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'), fontWeight: 400 },
      { src: fontFile('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'), fontWeight: 700 },
    ],
  });
  // Bold too: a bold name would otherwise set its ř or ł in the regular face.
  Font.register({
    family: 'NotoSansLatinExt',
    fonts: [
      {
        src: fontFile('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
        fontWeight: 400,
      },
      {
        src: fontFile('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
        fontWeight: 700,
      },
    ],
  });
  Font.register({
    family: 'NotoSansDevanagari',
    fonts: [
      {
        src: fontFile(
          '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
        ),
        fontWeight: 400,
      },
      {
        src: fontFile(
          '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
        ),
        fontWeight: 700,
      },
    ],
  });
  for (const script of INDIC_SCRIPTS) {
    const name = script.toLowerCase();
    Font.register({
      family: `NotoSans${script}`,
      fonts: [400, 700].map((fontWeight) => ({
        src: fontFile(
          `@fontsource/noto-sans-${name}/files/noto-sans-${name}-${name}-${fontWeight}-normal.woff`,
        ),
        fontWeight,
      })),
    });
  }
  // The default hyphenator splits English syllables: it would cut names and ids at a line end.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
