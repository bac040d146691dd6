/** `%text%` for ILIKE, with the wildcard characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text%` for LIKE / ILIKE. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
