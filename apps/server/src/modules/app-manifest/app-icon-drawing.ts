import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';

/** The part of fontkit this drawing uses (fontkit ships no types). */
type GlyphPath = {
  translate(x: number, y: number): GlyphPath;
  toSVG(): string;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
};
type Font = {
  layout(text: string): {
    glyphs: { id: number; path: GlyphPath }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
};

/** The kinds of icon the portal draws: each has its own frame (see `iconSvg`). */
export type IconShape = 'any' | 'maskable' | 'apple' | 'badge';

/** Every icon is drawn on a square of this many units, then rendered at its size. */
const CANVAS = 512;

const require = createRequire(import.meta.url);
let font: Font | null = null;

/**
 * Noto Sans Bold, which the server already ships for transcripts: the letters are drawn as
 * outlines, so the icons look the same on a machine with no fonts installed.
 */
function boldFont(): Font {
  font ??= create(
    readFileSync(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff')),
  ) as Font;
  return font;
}

/** The initials of a name: the first letters of its first and last words (as the web's avatars take them). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White letters on a dark theme colour, dark ink on a light one: whichever reads better. */
function inkOn(background: string): string {
  const bg = luminance(background);
  const onWhite = 1.05 / (bg + 0.05);
  const onInk = (bg + 0.05) / (luminance('#0f172a') + 0.05);
  return onWhite >= onInk ? '#ffffff' : '#0f172a';
}

/**
 * The initials as one SVG path, fitted in a box `width` wide and `height` tall centred on the
 * canvas; null when the font has no letter for one of them (a name in another script), so that
 * the caller draws the emblem instead.
 */
function lettersPath(text: string, width: number, height: number): string | null {
  if (!text) return null;
  const run = boldFont().layout(text);
  if (run.glyphs.some((glyph) => glyph.id === 0)) return null;
  let x = 0;
  const paths: GlyphPath[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    paths.push(glyph.path.translate(x + position.xOffset, position.yOffset));
    x += position.xAdvance;
  });
  const boxes = paths.map((path) => path.bbox).filter((box) => Number.isFinite(box.minX));
  if (boxes.length === 0) return null;
  const minX = Math.min(...boxes.map((box) => box.minX));
  const maxX = Math.max(...boxes.map((box) => box.maxX));
  const minY = Math.min(...boxes.map((box) => box.minY));
  const maxY = Math.max(...boxes.map((box) => box.maxY));
  const scale = Math.min(width / (maxX - minX), height / (maxY - minY));
  // Font units grow upwards; the SVG's grow downwards.
  const left = CANVAS / 2 - (scale * (minX + maxX)) / 2;
  const baseline = CANVAS / 2 + (scale * (minY + maxY)) / 2;
  const round = (value: number) => Number(value.toFixed(3));
  return `<path transform="translate(${round(left)} ${round(baseline)}) scale(${round(scale)} ${round(-scale)})" d="${paths.map((path) => path.toSVG()).join('')}"/>`;
}

/** The portal's star (its favicon's), for a name whose letters the font cannot draw. */
const STAR =
  'M256 112l42.4 86.4 95.2 13.6-68.8 67.2 16 94.4L256 328.8l-84.8 44.8 16-94.4-68.8-67.2 95.2-13.6z';

/**
 * An icon as SVG: the institute's initials on the theme colour. 'any' is a rounded square with the
 * corners clear; 'maskable' fills the square and keeps the letters inside the middle 60 % that every
 * mask shows; 'apple' fills the square (iOS rounds it, and would paint clear corners black);
 * 'badge' is the letters alone, in white on nothing (a notification's badge is drawn from its shape).
 */
export function iconSvg(shape: IconShape, shortName: string, themeColor: string): string {
  const ink = shape === 'badge' ? '#ffffff' : inkOn(themeColor);
  const [width, height] =
    shape === 'maskable' ? [260, 150] : shape === 'badge' ? [440, 300] : [330, 190];
  const letters = lettersPath(initialsOf(shortName), width, height);
  const mark = letters
    ? letters.replace('<path ', `<path fill="${ink}" `)
    : `<path fill="${ink}" d="${STAR}"${shape === 'maskable' ? ' transform="translate(51.2 51.2) scale(0.8)"' : ''}/>`;
  const frame =
    shape === 'badge'
      ? ''
      : shape === 'any'
        ? `<rect width="${CANVAS}" height="${CANVAS}" rx="96" fill="${themeColor}"/>`
        : `<rect width="${CANVAS}" height="${CANVAS}" fill="${themeColor}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}">${frame}${mark}</svg>`;
}
