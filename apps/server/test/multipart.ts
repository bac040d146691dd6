import { randomUUID } from 'node:crypto';

export type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data body built by hand, as a browser's form would send it. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----cosa-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
