/**
 * Indian scripts in Latin letters, for the fallback transcript: if a name cannot be drawn in its
 * own script, it is printed transliterated rather than left out. The nine Brahmic blocks from
 * Devanagari (U+0900) to Malayalam (U+0D7F) share one layout (ISCII's), so one table of offsets
 * serves them all; the letters are IAST's with ISO 15919's long ē and ō for the southern scripts,
 * all precomposed so that the Latin fonts have them.
 */
const FIRST = 0x0900;
const LAST = 0x0d7f;
const ZWJ = 0x200d;
const ZWNJ = 0x200c;
const VIRAMA = 0x4d;
const NUKTA = 0x3c;
/** Tamil, Telugu, Kannada and Malayalam tell short e and o from long ē and ō. */
const SOUTHERN = new Set([0x0b80, 0x0c00, 0x0c80, 0x0d00]);
/** Hindi, Marathi, Punjabi, Gujarati and Bengali names drop a word's last inherent a: Rāhul, Siṃgh. */
const FINAL_A_SILENT = new Set([0x0900, 0x0980, 0x0a00, 0x0a80]);

// prettier-ignore
const CONSONANTS: Record<number, string> = {
  0x15: 'k', 0x16: 'kh', 0x17: 'g', 0x18: 'gh', 0x19: 'ṅ', 0x1a: 'c', 0x1b: 'ch', 0x1c: 'j',
  0x1d: 'jh', 0x1e: 'ñ', 0x1f: 'ṭ', 0x20: 'ṭh', 0x21: 'ḍ', 0x22: 'ḍh', 0x23: 'ṇ', 0x24: 't',
  0x25: 'th', 0x26: 'd', 0x27: 'dh', 0x28: 'n', 0x29: 'ṉ', 0x2a: 'p', 0x2b: 'ph', 0x2c: 'b',
  0x2d: 'bh', 0x2e: 'm', 0x2f: 'y', 0x30: 'r', 0x31: 'ṟ', 0x32: 'l', 0x33: 'ḷ', 0x34: 'ḻ',
  0x35: 'v', 0x36: 'ś', 0x37: 'ṣ', 0x38: 's', 0x39: 'h', 0x58: 'q', 0x59: 'ḵh', 0x5a: 'ġ',
  0x5b: 'z', 0x5c: 'ṛ', 0x5d: 'ṛh', 0x5e: 'f', 0x5f: 'ẏ',
};
// prettier-ignore
const VOWELS: Record<number, string> = {
  0x04: 'a', 0x05: 'a', 0x06: 'ā', 0x07: 'i', 0x08: 'ī', 0x09: 'u', 0x0a: 'ū', 0x0b: 'ṛ',
  0x0c: 'ḷ', 0x0d: 'ê', 0x0e: 'e', 0x0f: 'e', 0x10: 'ai', 0x11: 'ô', 0x12: 'o', 0x13: 'o',
  0x14: 'au', 0x60: 'ṝ', 0x61: 'ḹ', 0x72: '', 0x73: '',
};
// prettier-ignore
const VOWEL_SIGNS: Record<number, string> = {
  0x3a: 'ê', 0x3b: 'ô', 0x3e: 'ā', 0x3f: 'i', 0x40: 'ī', 0x41: 'u', 0x42: 'ū', 0x43: 'ṛ',
  0x44: 'ṝ', 0x45: 'ê', 0x46: 'e', 0x47: 'e', 0x48: 'ai', 0x49: 'ô', 0x4a: 'o', 0x4b: 'o',
  0x4c: 'au', 0x4e: 'e', 0x4f: 'aw', 0x56: 'ai', 0x57: 'au', 0x62: 'ḷ', 0x63: 'ḹ',
};
// prettier-ignore
const SIGNS: Record<number, string> = {
  0x00: 'ṃ', 0x01: 'ṃ', 0x02: 'ṃ', 0x03: 'ḥ', 0x3d: '’', 0x50: 'oṃ', 0x64: '.', 0x65: '.',
  0x7a: 'ṇ', 0x7b: 'n', 0x7c: 'r', 0x7d: 'l', 0x7e: 'ḷ', 0x7f: 'k',
};
/** Consonants outside the shared layout. */
const OWN_CONSONANTS: Record<number, string> = {
  0x09f0: 'r', // Assamese ra
  0x09f1: 'w', // Assamese wa
  0x0b71: 'w', // Odia wa
};
/** Signs where a block's own letter differs from the shared table. */
const OWN_SIGNS: Record<number, string> = {
  0x09ce: 't', // Bengali khanda ta
  0x0a70: 'ṃ', // Gurmukhi tippi
  0x0b83: 'ḵ', // Tamil aytham
  0x0d4e: 'r', // Malayalam dot reph
};
const ADDAK = 0x0a71; // Gurmukhi: the next consonant is doubled
const LONG_E = { 0x47: 'ē', 0x4b: 'ō', 0x0f: 'ē', 0x13: 'ō' } as Record<number, string>;

const isIndic = (code: number): boolean => code >= FIRST && code <= LAST;

function transliterateWord(word: string): string {
  let out = '';
  let pending: string | null = null;
  let double = false;
  let block = 0;
  const flush = (vowel: string) => {
    if (pending !== null) out += pending + vowel;
    pending = null;
  };
  for (const char of word) {
    const code = char.codePointAt(0)!;
    if (code === ZWJ || code === ZWNJ) continue;
    if (!isIndic(code)) {
      flush('a');
      out += char;
      continue;
    }
    block = code & ~0x7f;
    const offset = code & 0x7f;
    const southern = SOUTHERN.has(block);
    if (code === ADDAK) {
      flush('a');
      double = true;
      continue;
    }
    const consonant =
      OWN_CONSONANTS[code] ?? (OWN_SIGNS[code] === undefined ? CONSONANTS[offset] : undefined);
    if (consonant !== undefined) {
      flush('a');
      pending = double ? consonant.charAt(0) + consonant : consonant;
      double = false;
    } else if (OWN_SIGNS[code] !== undefined) {
      flush('a');
      out += OWN_SIGNS[code];
    } else if (offset === NUKTA) {
      continue;
    } else if (offset === VIRAMA) {
      flush('');
    } else if (VOWEL_SIGNS[offset] !== undefined) {
      flush((southern && LONG_E[offset]) || VOWEL_SIGNS[offset]!);
    } else if (VOWELS[offset] !== undefined) {
      flush('a');
      out += (southern && LONG_E[offset]) || VOWELS[offset];
    } else if (offset >= 0x66 && offset <= 0x6f) {
      flush('a');
      out += String(offset - 0x66);
    } else {
      flush('a');
      out += SIGNS[offset] ?? '';
    }
  }
  flush(FINAL_A_SILENT.has(block) && out !== '' ? '' : 'a');
  return out;
}

/** Text with every word in an Indian script written in Latin letters, capitalised as a name is. */
export function transliterateIndic(text: string): string {
  return text.replace(/[^\s]+/gu, (word) => {
    if (![...word].some((char) => isIndic(char.codePointAt(0)!))) return word;
    const latin = transliterateWord(word.normalize('NFC'));
    return latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}

/** What the PDF's built-in Helvetica can print: Latin-1 and the few signs a transcript uses. */
export function plainLatin(text: string): string {
  return transliterateIndic(text)
    .replace(/[ŁłĐđı]/gu, (char) => ({ Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' })[char] ?? char)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff—–’·]/gu, '?');
}
