/**
 * The plain tar (ustar) a backup file is: standard tools list and extract it (`tar -tf`,
 * `tar -xOf FILE manifest.json`), and the database folder's own tar inside it. Regular files and
 * folders, written and read whole; reading keeps the files.
 */

const BLOCK = 512;
/** The largest size a ustar header holds in its 11 octal digits: 8 GiB less a byte. */
const MAX_TAR_MEMBER_BYTES = 8 ** 11 - 1;

/** A file, or a folder (no data) when `directory` is set; `mtime` defaults to the tar's. */
export type TarMember = { name: string; data: Uint8Array; directory?: boolean; mtime?: Date };

/** A member that is not whole or a header whose checksum fails: the file was cut short or altered. */
export class TarError extends Error {
  override name = 'TarError';
  constructor(
    message: string,
    /** The file does not start as a tar does: it is some other file, not a damaged backup. */
    readonly notTar = false,
  ) {
    super(message);
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date, directory = false): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(directory ? 0o755 : 0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(directory ? '5' : '0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The members as one tar, each padded to whole blocks, closed by two empty blocks. */
export function writeTar(members: TarMember[], mtime = new Date()): Buffer[] {
  const parts: Buffer[] = [];
  for (const member of members) {
    if (Buffer.byteLength(member.name) > 100) throw new TarError(`name too long: ${member.name}`);
    if (member.data.byteLength > MAX_TAR_MEMBER_BYTES)
      throw new TarError(`${member.name} is larger than 8 GiB`);
    parts.push(header(member.name, member.data.byteLength, member.mtime ?? mtime, member.directory));
    parts.push(Buffer.from(member.data.buffer, member.data.byteOffset, member.data.byteLength));
    const padding = (BLOCK - (member.data.byteLength % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return parts;
}

function readOctal(block: Buffer, offset: number, width: number): number {
  const text = block
    .toString('ascii', offset, offset + width)
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError('a header field is not a number');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** The regular files of a tar by name; throws TarError when a header is damaged or a member cut short. */
export function readTar(bytes: Buffer): Map<string, Buffer> {
  const members = new Map<string, Buffer>();
  if (bytes.length < BLOCK || bytes.toString('ascii', 257, 262) !== 'ustar')
    throw new TarError('not a tar file', true);
  let offset = 0;
  while (offset + BLOCK <= bytes.length) {
    const block = bytes.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return members;
    const stored = readOctal(block, 148, 8);
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1)
      sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
    if (sum !== stored) throw new TarError(`the header at byte ${offset} is damaged`);
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = readOctal(block, 124, 12);
    const start = offset + BLOCK;
    if (start + size > bytes.length) throw new TarError(`${name} is cut short`);
    if (block[156] === 0x30 || block[156] === 0) members.set(name, bytes.subarray(start, start + size));
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarError('the file ends before its closing blocks');
}
