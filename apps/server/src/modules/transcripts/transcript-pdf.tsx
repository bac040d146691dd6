// Pinned here as well as in tsconfig: tsx started from the repository root does not read
// apps/server/tsconfig.json, and would otherwise compile JSX to React.createElement.
/** @jsxRuntime automatic @jsxImportSource react */
import { Document, Page, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { TRANSCRIPT_MESSAGES, type TranscriptContent, type TranscriptInstitute } from '@cosa/contracts';
import QRCode from 'qrcode';
import { registerTranscriptFonts } from './transcript-pdf-fonts';
import { formatDateTimeIn } from './transcript-pdf-format';
import {
  AchievementRecord,
  Emblem,
  Footer,
  PositionRecord,
  Section,
  SkillRecord,
  StudentDetails,
  VerifyBlock,
  styles,
} from './transcript-pdf-parts';

/** Everything printed on a transcript; the caller decides the time zone and the public address. */
export type TranscriptPdfInput = {
  transcriptId: string;
  content: TranscriptContent;
  institute: TranscriptInstitute;
  issuedAt: Date;
  /** Public address printed under, and encoded in, the QR code. */
  verifyUrl: string;
  /** IANA zone every date and time is shown in, e.g. 'Asia/Kolkata'. */
  timeZone: string;
};

const PORTAL_NAME = 'COSA Portal';

type DocumentProps = TranscriptPdfInput & { qrDataUrl: string };

function TranscriptDocument({
  transcriptId,
  content,
  institute,
  issuedAt,
  verifyUrl,
  timeZone,
  qrDataUrl,
}: DocumentProps) {
  const { student, achievements, positions, skills } = content;
  return (
    <Document
      title={`${TRANSCRIPT_MESSAGES.title} — ${student.name}`}
      author={institute.name}
      creator={PORTAL_NAME}
      producer={PORTAL_NAME}
      language="en"
      creationDate={issuedAt}
    >
      <Page size="A4" style={styles.page} wrap>
        <View style={styles.header}>
          <Emblem size={48} />
          <View style={styles.headerText}>
            <Text style={styles.institute}>{institute.name}</Text>
            <Text style={styles.title}>{TRANSCRIPT_MESSAGES.title}</Text>
          </View>
        </View>
        <StudentDetails student={student} />
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
        <Footer issued={formatDateTimeIn(issuedAt, timeZone)} transcriptId={transcriptId} />
      </Page>
    </Document>
  );
}

/** Renders an issued transcript as an A4 PDF with a QR code that leads to its verification page. */
export async function renderTranscriptPdf(input: TranscriptPdfInput): Promise<Buffer> {
  registerTranscriptFonts();
  // Margin 4 is the quiet zone the QR standard asks for; 'M' survives a smudged print.
  const qrDataUrl = await QRCode.toDataURL(input.verifyUrl, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 480,
  });
  return renderToBuffer(<TranscriptDocument {...input} qrDataUrl={qrDataUrl} />);
}
