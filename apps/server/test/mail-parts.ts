/** A raw e-mail read back: its header fields (unfolded) and its text and HTML parts (decoded). */
export type ReadMail = {
  header(name: string): string | undefined;
  contentType: string;
  text: string;
  html: string;
};

function decodeQuotedPrintableUtf8(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header field. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, content: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(content, 'base64').toString('utf8')
        : decodeQuotedPrintableUtf8(content.replace(/_/g, ' ')),
    );
}

function headerFields(head: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      fields.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return fields;
}

function decodeBody(fields: Map<string, string>, body: string): string {
  const encoding = (fields.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintableUtf8(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

const splitHead = (raw: string): [string, string] => {
  const end = raw.indexOf('\r\n\r\n');
  return [raw.slice(0, end), raw.slice(end + 4)];
};

/** Reads a message as nodemailer builds one with a text and an HTML body (multipart/alternative). */
export function readMail(raw: string): ReadMail {
  const [head, body] = splitHead(raw);
  const fields = headerFields(head);
  const contentType = fields.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const [partHead, partBody] = splitHead(part.replace(/^\r\n/, ''));
      const partFields = headerFields(partHead);
      const type = (partFields.get('content-type') ?? '').split(';')[0]!.trim();
      parts[type] = decodeBody(partFields, partBody.replace(/\r\n$/, ''));
    }
  }
  return {
    header: (name) => fields.get(name.toLowerCase()),
    contentType,
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n'),
    html: (parts['text/html'] ?? '').replace(/\r\n/g, '\n'),
  };
}
