import { describe, expect, it } from 'vitest';
import { csvCell, csvDateTime, csvStream, type PageReader } from './csv-export';

// Expected values typed by hand from the zones' rules.
describe('CSV cells', () => {
  it('writes an instant on the institute clock, across midnight, daylight saving and odd offsets', () => {
    expect(csvDateTime(new Date('2025-01-17T18:40:00Z'), 'Asia/Kolkata')).toBe('2025-01-18 00:10');
    expect(csvDateTime(new Date('2025-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2025-01-02 00:00');
    // New York springs forward at 02:00 local on 9 March 2025 (07:00 UTC).
    expect(csvDateTime(new Date('2025-03-09T06:59:00Z'), 'America/New_York')).toBe('2025-03-09 01:59');
    expect(csvDateTime(new Date('2025-03-09T07:30:00Z'), 'America/New_York')).toBe('2025-03-09 03:30');
    // Chatham is 13 hours 45 minutes ahead in its summer.
    expect(csvDateTime(new Date('2025-01-01T00:00:00Z'), 'Pacific/Chatham')).toBe('2025-01-01 13:45');
  });

  it('defuses text a spreadsheet would run as a formula, and leaves the rest as it is', () => {
    for (const [value, text] of [
      ['=1+1', "'=1+1"],
      ['+91 98765', "'+91 98765"],
      ['-5', "'-5"],
      ['@once', "'@once"],
      ['\tx', "'\tx"],
      ['plain', 'plain'],
      ['a=b', 'a=b'],
      ['one\n=1+1', "one\n'=1+1"],
      ['one\r@SUM(1+1)', "one\r'@SUM(1+1)"],
      ['one\r\n+2\n-3', "one\r\n'+2\n'-3"],
      ['one\n\r=1', "one\n'\r'=1"],
      ['a\nb=c', 'a\nb=c'],
      ['one\u2028=1+1', "one\u2028'=1+1"],
      ['one\u2029@x\u0085+y', "one\u2029'@x\u0085'+y"],
    ]) {
      expect(csvCell(value, 'Asia/Kolkata')).toBe(text);
    }
    expect(csvCell(3, 'Asia/Kolkata')).toBe('3');
    expect(csvCell(null, 'Asia/Kolkata')).toBe('');
    expect(csvCell(undefined, 'Asia/Kolkata')).toBe('');
  });

  it('streams every page with a byte-order mark and Windows line ends, quoting what needs it', async () => {
    const pages = [
      [
        { n: 1, text: 'a, b' },
        { n: 2, text: 'say "hi"' },
      ],
      [
        { n: 3, text: '=cmd' },
        { n: 4, text: 'up\u2028=down' },
      ],
    ];
    const read: PageReader<{ n: number; text: string }> = async (last) =>
      pages[last === null ? 0 : last.n === 2 ? 1 : 2] ?? [];
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(
      read,
      [
        { header: 'N', value: (row) => row.n },
        { header: 'Text', value: (row) => row.text },
      ],
      'Asia/Kolkata',
    ))
      chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      '\uFEFFN,Text\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,\'=cmd\r\n4,"up\u2028\'=down"\r\n',
    );
  });
});
