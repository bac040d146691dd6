import { cn } from '../../lib/cn';

/** http and https addresses in running text; what ends a sentence around them is trimmed off below. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

type Piece = { text: string; href?: string };

/**
 * The link an address makes, shown as where it leads: a host typed in other scripts is shown as
 * the browser will reach it (https://аpple.com, with a Cyrillic а, shows as xn--pple-43d.com), and
 * an address with a user name before its host (https://trusted.example@elsewhere.example) is no link.
 */
function linkOf(candidate: string): Piece | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // What stands between '//' and the path, as typed: the pattern found every address with '//'.
  const start = url.protocol.length + 2;
  const typedHost = candidate.slice(start).split(/[/?#]/, 1)[0]!;
  if (url.username || url.password || typedHost.includes('@')) return null;
  const shown =
    typedHost.toLowerCase() === url.host
      ? candidate
      : `${url.protocol}//${url.host}${candidate.slice(start + typedHost.length)}`;
  return { text: shown, href: url.href };
}

/** The text cut into plain runs and web addresses; only an address that parses as http(s) becomes a link. */
function linkPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    if (trailing) candidate = candidate.slice(0, candidate.length - trailing.length);
    const link = linkOf(candidate);
    if (!link) continue;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push(link);
    at = start + candidate.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

/**
 * Plain text as written, line breaks kept, with its web addresses as links that open in a new tab
 * and tell the new page nothing of this one. Nothing in the text is read as markup.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('text-sm break-words whitespace-pre-line text-ink', className)}>
      {linkPieces(text).map((piece, index) =>
        piece.href ? (
          <a
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer"
            className="relative rounded-sm font-medium break-all text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            {piece.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}
