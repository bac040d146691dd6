import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { ballotBoxOf } from './ballot-box';

/*
 * Casting a secret ballot (decisions 0037 and 0039). In one statement: the row saying the person
 * voted for the post (its primary key makes a second vote fail, however many requests and processes
 * race), and the ballot, which names no voter and carries no time, with the hash of a receipt code
 * that only the voter is given. After the close the ballots are published by receipt hash, so a voter
 * finds theirs and anyone can count them again.
 */

/** The receipt's letters: Crockford's base 32, with no I, L, O or U to misread. */
const RECEIPT_LETTERS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A receipt code of 100 random bits, as four groups of five letters: 'K7QF2-M9XHD-...'. */
function newReceipt(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let letters = '';
  for (let i = 0; i < 20; i += 1) {
    letters += RECEIPT_LETTERS[Number(bits & 31n)];
    bits >>= 5n;
  }
  return letters.match(/.{5}/g)!.join('-');
}

/** The receipt's hash as published: SHA-256 of its letters, upper case, without the dashes. */
export function receiptHash(receipt: string): string {
  return createHash('sha256')
    .update(receipt.toUpperCase().replace(/[^0-9A-Z]/g, ''))
    .digest('hex');
}

/**
 * Casts the voter's ballot for the post: a ranking of its accepted candidates, most preferred
 * first (empty: none of the above). Resolves to the receipt code, shown to the voter once.
 *
 * The post's ballot box (ballot-box.ts) reads the checks, then writes the participation and the
 * ballot in one statement, only while the vote is open: both rows or neither, and a second vote
 * (from any request or process) finds the participation and writes nothing. Ballots of the post
 * that arrive together are checked and written together, each answered on its own. Candidates
 * cannot change while the vote is open (decisions and withdrawals end when it opens), so the
 * ranking checked is the ranking stored.
 */
export async function castBallot(
  db: Database,
  voter: { id: string; role: string },
  postId: string,
  ranking: readonly string[],
): Promise<{ receipt: string }> {
  // The code stays with its voter; the box is handed only its hash.
  const receipt = newReceipt();
  const outcome = await ballotBoxOf(db)(postId, {
    voter: { id: voter.id, role: voter.role },
    ranking,
    receiptHash: receiptHash(receipt),
  });
  if (!outcome.taken) throw outcome.refusal;
  return { receipt };
}
