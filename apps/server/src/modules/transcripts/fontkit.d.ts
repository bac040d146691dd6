/** fontkit ships no types; only the one function the transcript PDF calls itself is declared. */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
