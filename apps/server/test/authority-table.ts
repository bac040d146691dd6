/*
 * Who may verify, appoint, end and revoke what: rows typed by hand from the findings "A coordinator
 * and one student can mint credentials" and "One general secretary can replace the president".
 * authority-table.test.ts runs them against the rule itself, authority-table-http.test.ts through
 * the API. The campus: the apex council (COSA, whose position is the president's), the Science &
 * Technology Council (its general secretary's position), its Coding Club, and the Cultural
 * Council's Music Club.
 */

export type Actor =
  | 'Coding Club coordinator'
  | 'SciTech general secretary'
  | 'Cultural general secretary'
  | 'president'
  | 'administrator'
  | 'student';

export type Action = 'verify' | 'appoint' | 'end' | 'revoke' | 'confirm';

export type Subject =
  | 'college-level achievement at a Coding Club event'
  | 'International achievement at a Coding Club event'
  | 'achievement with no level at a Coding Club event'
  | 'national technical achievement tied to no event'
  | 'cultural achievement tied to no event'
  | 'skill claim naming a Coding Club position'
  | 'skill claim naming no position'
  | 'self-declared Coding Club position'
  | 'self-declared Music Club position'
  | "Coding Club coordinator's appointment awaiting the council"
  | 'President, COSA'
  | 'General Secretary, SciTech'
  | 'Coding Club position'
  | 'Music Club position'
  | "the president's holding"
  | "the SciTech general secretary's holding"
  | 'Coding Club holding'
  | 'Music Club holding'
  | 'a signed credential'
  | 'a Coding Club holding with no verifier recorded';

export type Row = [Actor, Action, Subject, 'allowed' | 'refused'];

export const AUTHORITY_TABLE: readonly Row[] = [
  // A coordinator verifies what is tied to their own club, nothing else.
  ['Coding Club coordinator', 'verify', 'college-level achievement at a Coding Club event', 'allowed'],
  // ... and of achievements only those at the institute's own level: an olympiad the club "held" is
  // a council official's to verify, not the coordinator's.
  ['Coding Club coordinator', 'verify', 'International achievement at a Coding Club event', 'refused'],
  ['Coding Club coordinator', 'verify', 'achievement with no level at a Coding Club event', 'refused'],
  ['SciTech general secretary', 'verify', 'International achievement at a Coding Club event', 'allowed'],
  ['president', 'verify', 'International achievement at a Coding Club event', 'allowed'],
  ['Coding Club coordinator', 'verify', 'national technical achievement tied to no event', 'refused'],
  ['Coding Club coordinator', 'verify', 'skill claim naming a Coding Club position', 'allowed'],
  ['Coding Club coordinator', 'verify', 'skill claim naming no position', 'refused'],
  ['Coding Club coordinator', 'verify', 'self-declared Coding Club position', 'allowed'],
  ['Coding Club coordinator', 'verify', 'self-declared Music Club position', 'refused'],
  [
    'Coding Club coordinator',
    'verify',
    "Coding Club coordinator's appointment awaiting the council",
    'refused',
  ],
  // Anything else needs a council official: the general secretary of the council, or the president.
  ['SciTech general secretary', 'verify', 'national technical achievement tied to no event', 'allowed'],
  ['SciTech general secretary', 'verify', 'cultural achievement tied to no event', 'refused'],
  ['Cultural general secretary', 'verify', 'cultural achievement tied to no event', 'allowed'],
  ['SciTech general secretary', 'verify', 'skill claim naming no position', 'allowed'],
  ['SciTech general secretary', 'verify', 'self-declared Coding Club position', 'allowed'],
  ['SciTech general secretary', 'verify', 'self-declared Music Club position', 'refused'],
  [
    'SciTech general secretary',
    'verify',
    "Coding Club coordinator's appointment awaiting the council",
    'allowed',
  ],
  ['president', 'verify', 'national technical achievement tied to no event', 'allowed'],
  ['president', 'verify', 'self-declared Music Club position', 'allowed'],
  ['student', 'verify', 'college-level achievement at a Coding Club event', 'refused'],
  // Council offices: the administrator only, never an official of the same or a lower office.
  ['SciTech general secretary', 'appoint', 'President, COSA', 'refused'],
  ['president', 'appoint', 'General Secretary, SciTech', 'refused'],
  ['Cultural general secretary', 'appoint', 'General Secretary, SciTech', 'refused'],
  ['administrator', 'appoint', 'General Secretary, SciTech', 'allowed'],
  // A general secretary manages their own council's clubs; a coordinator their own club.
  ['SciTech general secretary', 'appoint', 'Coding Club position', 'allowed'],
  ['SciTech general secretary', 'appoint', 'Music Club position', 'refused'],
  ['president', 'appoint', 'Music Club position', 'allowed'],
  ['Coding Club coordinator', 'appoint', 'Coding Club position', 'allowed'],
  ['Coding Club coordinator', 'appoint', 'Music Club position', 'refused'],
  ['student', 'appoint', 'Coding Club position', 'refused'],
  ['SciTech general secretary', 'end', "the president's holding", 'refused'],
  ['Cultural general secretary', 'end', "the SciTech general secretary's holding", 'refused'],
  ['president', 'end', "the SciTech general secretary's holding", 'refused'],
  ['president', 'end', "the president's holding", 'refused'],
  ['administrator', 'end', "the president's holding", 'allowed'],
  ['SciTech general secretary', 'end', 'Music Club holding', 'refused'],
  ['Cultural general secretary', 'end', 'Music Club holding', 'allowed'],
  ['Coding Club coordinator', 'end', 'Coding Club holding', 'allowed'],
  ['Coding Club coordinator', 'end', 'Music Club holding', 'refused'],
  // Revoking a signed credential: the administrator only.
  ['administrator', 'revoke', 'a signed credential', 'allowed'],
  ['president', 'revoke', 'a signed credential', 'refused'],
  ['SciTech general secretary', 'revoke', 'a signed credential', 'refused'],
  ['Coding Club coordinator', 'revoke', 'a signed credential', 'refused'],
  ['student', 'revoke', 'a signed credential', 'refused'],
  // A holding recorded before the portal kept who verified it is signed once the administrator
  // confirms it, and by nobody else's word.
  ['administrator', 'confirm', 'a Coding Club holding with no verifier recorded', 'allowed'],
  ['president', 'confirm', 'a Coding Club holding with no verifier recorded', 'refused'],
  ['SciTech general secretary', 'confirm', 'a Coding Club holding with no verifier recorded', 'refused'],
  ['Coding Club coordinator', 'confirm', 'a Coding Club holding with no verifier recorded', 'refused'],
  ['student', 'confirm', 'a Coding Club holding with no verifier recorded', 'refused'],
];

/** A row as a test name: "Coding Club coordinator may not verify a national ...". */
export const rowName = ([actor, action, subject, outcome]: Row) =>
  `${actor} ${outcome === 'allowed' ? 'may' : 'may not'} ${action} ${subject}`;
