import { describe, expect, it } from 'vitest';
import { pdfProblem } from './election-manifesto-pdf';

const bytes = (text: string) => new TextEncoder().encode(text);
/** A small PDF as a producer lays one out: header, binary comment, objects, table, trailer. */
const pdf = (body = '') =>
  `%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n${body}xref\n0 1\n0000000000 65535 f \ntrailer << /Size 1 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`;

describe('what a manifesto PDF may be', () => {
  it('takes a PDF, its hex strings and its line ends whatever they are', () => {
    expect(pdfProblem(bytes(pdf()))).toBeNull();
    expect(pdfProblem(bytes(pdf().replaceAll('\n', '\r\n')))).toBeNull();
    expect(pdfProblem(bytes(pdf('2 0 obj <a b> <48656c6c6f> <<>> endobj\n')))).toBeNull();
  });

  it('refuses what does not start and end as a PDF does', () => {
    expect(pdfProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toBe('notPdf');
    expect(pdfProblem(bytes(` ${pdf()}`))).toBe('notPdf');
    expect(pdfProblem(bytes(`<html>${pdf()}`))).toBe('notPdf');
    expect(pdfProblem(bytes('%PDF-1.7\nHello'))).toBe('notPdf');
    expect(pdfProblem(bytes(`${pdf()}<p>after the end</p>`))).toBe('notPdf');
    expect(pdfProblem(new Uint8Array())).toBe('notPdf');
  });

  it('refuses a PDF that is also a web page, wherever the markup hides', () => {
    expect(pdfProblem(bytes(pdf('%<html><body>hi</body></html>\n')))).toBe('activeContent');
    expect(pdfProblem(bytes(pdf('stream\n<SCRIPT>alert(1)</SCRIPT>\nendstream\n')))).toBe(
      'activeContent',
    );
    expect(pdfProblem(bytes(pdf('(<img/src=x onerror=alert(1)>) Tj\n')))).toBe('activeContent');
    expect(pdfProblem(bytes(pdf('% <svg onload=alert(1)>\n')))).toBe('activeContent');
  });
});
