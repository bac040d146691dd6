// Pinned here as well as in tsconfig: tsx started from the repository root does not read
// apps/server/tsconfig.json, and would otherwise compile JSX to React.createElement.
/** @jsxRuntime automatic @jsxImportSource react */
import { Document, Page, Text, View, renderToBuffer } from '@react-pdf/renderer';
import {
  MEMBERSHIP_RECORD_MESSAGES,
  TRANSCRIPT_MESSAGES,
  type StoredTranscriptContent,
  type TranscriptContent,
  type TranscriptInstitute,
} from '@cosa/contracts';
import QRCode from 'qrcode';
import {
  TRANSCRIPT_FONT_STACKS,
  registerTranscriptFonts,
  type TranscriptScriptMode,
} from './transcript-pdf-fonts';
import { formatDateTimeIn } from './transcript-pdf-format';
import { plainLatin, transliterateIndic } from './transcript-pdf-latin';
import {
  AchievementRecord,
  Emblem,
  Footer,
  PositionRecord,
  Section,
  SkillRecord,
  scriptFont,
  StudentDetails,
  VerifyBlock,
  styles,
} from './transcript-pdf-parts';
import { AttendanceRecord, MembershipRecord } from './transcript-pdf-participation';

/** Everything printed on a transcript; the caller decides the time zone and the public address. */
export type TranscriptPdfInput = {
  transcriptId: string;
  /** As issued: one issued before attendance or memberships could be chosen holds none. */
  content: StoredTranscriptContent;
  institute: TranscriptInstitute;
  issuedAt: Date;
  /** Public address printed under, and encoded in, the QR code. */
  verifyUrl: string;
  /** IANA zone every date and time is shown in, e.g. 'Asia/Kolkata'. */
  timeZone: string;
};

const PORTAL_NAME = 'COSA Portal';

/** Printed under the name when a fallback mode drew the transcript. */
const LATIN_NOTE = 'Names and text in Indian scripts are printed in Latin letters on this copy.';

const TEXT_OF: Record<TranscriptScriptMode, (text: string) => string> = {
  shaped: (text) => text,
  latin: transliterateIndic,
  basic: plainLatin,
};

/** The same value with every string in it passed through `map` (ids and dates stay as they are). */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]),
    ) as T;
  return value;
}

type DocumentProps = Omit<TranscriptPdfInput, 'content'> & {
  content: TranscriptContent;
  qrDataUrl: string;
  mode: TranscriptScriptMode;
  /** The name as issued, kept in the document's title whatever the mode prints. */
  issuedName: string;
  /** Whether the mode changed any text: then the transcript says so. */
  transliterated: boolean;
};

function TranscriptDocument({
  transcriptId,
  content,
  institute,
  issuedAt,
  verifyUrl,
  timeZone,
  qrDataUrl,
  mode,
  issuedName,
  transliterated,
}: DocumentProps) {
  const { student, achievements, positions, skills, attendance, memberships } = content;
  return (
    <Document
      title={`${TRANSCRIPT_MESSAGES.title} — ${issuedName}`}
      author={institute.name}
      creator={PORTAL_NAME}
      producer={PORTAL_NAME}
      language="en"
      creationDate={issuedAt}
    >
      <Page size="A4" style={[styles.page, { fontFamily: TRANSCRIPT_FONT_STACKS[mode] }]} wrap>
        <View style={styles.header}>
          <Emblem size={48} />
          <View style={styles.headerText}>
            <Text style={[styles.institute, scriptFont(institute.name)]}>{institute.name}</Text>
            <Text style={styles.title}>{TRANSCRIPT_MESSAGES.title}</Text>
          </View>
        </View>
        <StudentDetails student={student} note={transliterated ? LATIN_NOTE : null} />
        <VerifyBlock qrDataUrl={qrDataUrl} verifyUrl={verifyUrl} />
        {achievements.length > 0 ? (
          <Section
            heading="Achievements"
            records={achievements.map((item) => (
              <AchievementRecord key={item.id} item={item} timeZone={timeZone} />
            ))}
          />
        ) : null}
        {positions.length > 0 ? (
          <Section
            heading="Positions of responsibility"
            records={positions.map((item) => (
              <PositionRecord key={item.id} item={item} timeZone={timeZone} />
            ))}
          />
        ) : null}
        {skills.length > 0 ? (
          <Section
            heading="Endorsed skills"
            records={skills.map((item) => (
              <SkillRecord key={item.id} item={item} timeZone={timeZone} />
            ))}
          />
        ) : null}
        {attendance.length > 0 ? (
          <Section
            heading="Events attended"
            records={attendance.map((item) => (
              <AttendanceRecord key={item.id} item={item} timeZone={timeZone} />
            ))}
          />
        ) : null}
        {memberships.length > 0 ? (
          <Section
            heading={MEMBERSHIP_RECORD_MESSAGES.heading}
            records={memberships.map((item) => (
              <MembershipRecord key={item.id} item={item} timeZone={timeZone} />
            ))}
          />
        ) : null}
        <Footer issued={formatDateTimeIn(issuedAt, timeZone)} transcriptId={transcriptId} />
      </Page>
    </Document>
  );
}

/**
 * Renders an issued transcript as an A4 PDF with a QR code that leads to its verification page.
 * 'shaped' sets every script in its own font; the fallback modes are for when that failed.
 */
export async function renderTranscriptPdf(
  input: TranscriptPdfInput,
  mode: TranscriptScriptMode = 'shaped',
): Promise<Buffer> {
  registerTranscriptFonts();
  // Margin 4 is the quiet zone the QR standard asks for; 'M' survives a smudged print.
  const qrDataUrl = await QRCode.toDataURL(input.verifyUrl, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 480,
  });
  const text = TEXT_OF[mode];
  const issued: TranscriptContent = {
    ...input.content,
    attendance: input.content.attendance ?? [],
    memberships: input.content.memberships ?? [],
  };
  const content = mapStrings(issued, text);
  const institute = mapStrings(input.institute, text);
  const transliterated =
    JSON.stringify([content, institute]) !== JSON.stringify([issued, input.institute]);
  return renderToBuffer(
    <TranscriptDocument
      {...input}
      content={content}
      institute={institute}
      qrDataUrl={qrDataUrl}
      mode={mode}
      issuedName={input.content.student.name}
      transliterated={transliterated}
    />,
  );
}
