// Checks of typed text, without zod: the sign-in pages use them and load no schema library.

/**
 * Characters that hide or reorder text: every format character (bidi controls, zero-width space,
 * soft hyphen, word joiner, BOM...) but ZWJ and ZWNJ, which Indic scripts and emoji sequences need;
 * the blank "letters" (Hangul fillers, braille blank), the combining grapheme joiner, and variation
 * selectors except after an emoji, a symbol, a keycap digit or an ideograph, where phone keyboards
 * and Japanese names put them.
 */
const INVISIBLE =
  /(?![\u200c\u200d])\p{Cf}|\u034f|(?<![\p{Extended_Pictographic}\p{S}\p{Ideographic}0-9#*])\p{Variation_Selector}|[\u115f\u1160\u3164\uffa0\u2800]/u;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const STACKED_MARKS = /\p{M}{7}/u;

/** Something a reader sees: a letter, a digit, punctuation or a symbol (marks and joiners alone show nothing). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** True for one line of visible text: no control characters, line or paragraph separators, or invisible characters. */
export function isPlainLine(value: string): boolean {
  if (value !== '' && !VISIBLE.test(value)) return false;
  // Half of a surrogate pair is no character at all; the database would store it as U+FFFD.
  if (LONE_SURROGATE.test(value)) return false;
  // Marks piled on one letter spill over the lines around it; no script needs more than a few.
  if (STACKED_MARKS.test(value)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value) && !INVISIBLE.test(value);
}

/** True for visible text over several lines: like isPlainLine, but line breaks and tabs are allowed. */
export function isPlainText(value: string): boolean {
  return isPlainLine(value.replace(/\r\n|[\n\r\t]/g, ' '));
}
