import { createElement } from 'react';
import { Document, Page, renderToBuffer, Text } from '@react-pdf/renderer';
import sharp from 'sharp';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { multipart } from './multipart';

/** A one-page PDF as a word processor's export makes one: compressed streams, a cross-reference table. */
export function drawnPdf(text: string): Promise<Buffer> {
  return renderToBuffer(
    createElement(Document, null, createElement(Page, null, createElement(Text, null, text))),
  );
}

/** The PDF with `line` put in as a comment after its header: readers skip it, a browser would not. */
export function withComment(pdf: Buffer, line: string): Buffer {
  const headerEnd = pdf.indexOf('\n') + 1;
  return Buffer.concat([pdf.subarray(0, headerEnd), Buffer.from(`%${line}\n`), pdf.subarray(headerEnd)]);
}

/** A photo, whatever name it is given. */
export function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
}

/** Requests as the election page sends them for a nomination's manifesto PDF. */
export function manifestoPdfClientOf(ctx: Pick<TestContext, 'app'>) {
  const url = (candidateId: string) => `/api/elections/nominations/${candidateId}/manifesto-pdf`;
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  return {
    /** PUT the bytes in the field 'pdf' (or another), named and typed as a browser would. */
    attach: (candidateId: string, data: Buffer, cookie?: string, field = 'pdf') => {
      const form = multipart([
        { name: field, filename: 'manifesto.pdf', contentType: 'application/pdf', data },
      ]);
      return ctx.app.inject({
        method: 'PUT',
        url: url(candidateId),
        payload: form.payload,
        headers: { ...headers(cookie), 'content-type': form.contentType },
      });
    },
    remove: (candidateId: string, cookie?: string) =>
      ctx.app.inject({ method: 'DELETE', url: url(candidateId), headers: headers(cookie) }),
    download: (candidateId: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url: url(candidateId), headers: cookie ? { cookie } : {} }),
  };
}
