import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);
const fontFile = (file: string): string => require.resolve(file);

/**
 * Every text of a transcript asks for this stack; react-pdf picks, character by character, the
 * first font that has the glyph, so a name may mix Latin, accented Latin and Devanagari.
 */
/**
 * India's other scripts, after Devanagari: a student's name is often written in one of them.
 * Not Gurmukhi: react-pdf 4.9 fails to lay out its conjuncts with Noto Sans Gurmukhi ('ਸਿੰਘ'
 * stops the whole PDF), so Gurmukhi falls back to a font without its glyphs instead.
 */
const INDIC_SCRIPTS = [
  'Bengali',
  'Tamil',
  'Telugu',
  'Gujarati',
  'Kannada',
  'Malayalam',
  'Oriya',
] as const;

export const TRANSCRIPT_FONT_STACK = [
  'NotoSans',
  'NotoSansLatinExt',
  'NotoSansDevanagari',
  ...INDIC_SCRIPTS.map((script) => `NotoSans${script}`),
];

let registered = false;

/** Registers the bundled Noto fonts with react-pdf; the font store is global, so only once per process. */
export function registerTranscriptFonts(): void {
  if (registered) return;
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
