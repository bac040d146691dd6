/** A stored code in words: 'self_declared' reads 'Self declared', 'technical' 'Technical'. */
export function wordsOf(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
