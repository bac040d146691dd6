/**
 * Marks of Preact's code in a built file, whatever the minifier named: the shape of its virtual
 * nodes (Preact 10 and 11 alike) and the symbol Preact 11 brands them with.
 */
const PREACT_MARKS = [/__k:null,__:null,__b:0,__e:null/, /Symbol\.for\(["']pv["']\)/];

/**
 * The built files that hold Preact's code, each with a line saying so. The app runs on React's
 * own renderer (decision 0013): an alias or a library bringing Preact back must not go unseen.
 */
export function preactIn(files: { name: string; code: string }[]): string[] {
  return files
    .filter(({ code }) => PREACT_MARKS.some((mark) => mark.test(code)))
    .map(({ name }) => `${name}: holds Preact's code; the app is built on React's own renderer`);
}
