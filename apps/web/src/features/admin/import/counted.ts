/** '1 row', '2 rows', '20,000 rows': a count in the Indian grouping with the word that fits it. */
export const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
