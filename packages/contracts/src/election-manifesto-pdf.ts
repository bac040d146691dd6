/*
 * A nominee's optional manifesto PDF (decision 0038): one file beside the text manifesto, judged by
 * its bytes, never by its name or declared type. The same check runs in the browser, so that the
 * form says what is wrong before sending, and on the server, which alone decides.
 */

/** The largest manifesto PDF: the limit of every other file people upload (photos, logos, banners). */
export const MANIFESTO_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** The multipart field that carries the file. */
export const MANIFESTO_PDF_FIELD = 'pdf';

/** What the file picker offers. */
export const MANIFESTO_PDF_ACCEPT = 'application/pdf,.pdf';

export const MANIFESTO_PDF_MESSAGES = {
  label: 'Manifesto (PDF)',
  hint: 'Optional. One PDF file of at most 5 MB, checked by its contents.',
  missing: 'Manifesto (PDF): choose a PDF file.',
  notPdf:
    'Manifesto (PDF): this file is not a PDF document, whatever its name says. Save or export it as PDF and try again.',
  activeContent:
    'Manifesto (PDF): this file carries web page code beside the PDF. Print or export it to PDF again and try again.',
  tooLarge: 'Manifesto (PDF): the file is larger than 5 MB. Make it smaller and try again.',
  tooLate:
    'The manifesto PDF can change only while the nomination awaits the officer’s decision, before voting opens.',
  notFound: 'This nomination has no manifesto PDF.',
  busy: 'Many files are being uploaded just now. Please try again in a moment.',
  attached: 'Your manifesto PDF is attached.',
  removed: 'Your manifesto PDF is removed.',
} as const;

/** Why the bytes are not a manifesto PDF: not a PDF at all, or a PDF that is also a web page. */
export type PdfProblem = 'notPdf' | 'activeContent';

/** A PDF starts with its header on the first byte: '%PDF-', its version and a line end. */
const HEADER = /^%PDF-[12]\.\d[\s%]/;
/** A PDF ends with its cross-reference offset and '%%EOF'; nothing but line ends may follow. */
const TRAILER = /startxref\s+\d+\s+%%EOF[\s\0]*$/;
/**
 * The start of an HTML element a browser would build or run. Each name has a letter that no PDF hex
 * string can hold, so a hex string is never mistaken for one.
 */
const MARKUP =
  /<(?:!doctype|html|head|body|script|iframe|frame|frameset|object|embed|svg|math|img|meta|link|style|form|base|template|video|audio)[\s/>]/i;

/**
 * An element of any name with an event handler or a script address ('<details ontoggle=…>',
 * '<input onfocus=…>', '<a href="javascript:…">'): what a browser would run, whatever the tag.
 */
const ACTIVE_ATTRIBUTE = /<[a-z][\w:-]*[\s/][^<>]*?(?:\bon[a-z]+\s*=|javascript\s*:)/i;

/** How much of the end holds the trailer: producers pad it, but never by more than this. */
const TAIL = 2048;

/**
 * Whether the bytes are a PDF and only that: the header at the very start, the trailer at the very
 * end, and no web page markup anywhere (a PDF/HTML polyglot opens as a page when anything treats it
 * as one). Null when the file is acceptable.
 */
export function pdfProblem(bytes: Uint8Array): PdfProblem | null {
  // Latin-1 keeps one character per byte, so the patterns read the bytes as they are.
  const text = new TextDecoder('latin1').decode(bytes);
  if (!HEADER.test(text.slice(0, 16))) return 'notPdf';
  if (!TRAILER.test(text.slice(-TAIL))) return 'notPdf';
  return MARKUP.test(text) || ACTIVE_ATTRIBUTE.test(text) ? 'activeContent' : null;
}
