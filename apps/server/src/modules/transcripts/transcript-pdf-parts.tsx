// Pinned here as well as in tsconfig: tsx started from the repository root does not read
// apps/server/tsconfig.json, and would otherwise compile JSX to React.createElement.
/** @jsxRuntime automatic @jsxImportSource react */
import { Circle, Image, Link, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import {
  type TranscriptAchievement,
  type TranscriptPosition,
  type TranscriptSkill,
  type TranscriptStudent,
} from '@cosa/contracts';
import type { ReactNode } from 'react';
import { shapedStackFor } from './transcript-pdf-fonts';
import { MISSING, attestation, capitalize, formatCalendarDate } from './transcript-pdf-format';

const INDIGO = '#3730a3';
const GOLD = '#fbbf24';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';

/** Room kept free at the foot of every page for the fixed footer. */
const FOOTER_HEIGHT = 36;
const PAGE_MARGIN = 40;
const A4_WIDTH = 595.28;
/** The printed QR code's side: at 100 pt a phone reads it from paper at arm's length. */
const QR_SIZE = 100;
const VERIFY_PADDING = 6;
const VERIFY_GAP = 10;
const VERIFY_TEXT_WIDTH = A4_WIDTH - 2 * PAGE_MARGIN - 2 * VERIFY_PADDING - 1 - QR_SIZE - VERIFY_GAP;
const VERIFY_FONT_SIZE = 9;

export const styles = StyleSheet.create({
  // The font family is the render mode's (transcript-pdf-fonts.ts).
  page: {
    fontSize: 10,
    color: INK,
    paddingTop: PAGE_MARGIN,
    paddingHorizontal: PAGE_MARGIN,
    paddingBottom: PAGE_MARGIN + FOOTER_HEIGHT,
    // No lineHeight anywhere: Noto's own is roomy, and react-pdf 4.9 applies an inherited one
    // twice when it re-lays out the footer's render-prop text, which then vanishes.
  },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    borderBottomWidth: 2,
    borderBottomColor: INDIGO,
    paddingBottom: 10,
  },
  headerText: { marginLeft: 12, flexGrow: 1, flexShrink: 1 },
  institute: { fontSize: 15, fontWeight: 700, color: INDIGO },
  title: { fontSize: 12, color: MUTED, marginTop: 2 },
  student: { marginTop: 16 },
  studentName: { fontSize: 16, fontWeight: 700, marginBottom: 6 },
  note: { fontSize: 8, color: MUTED, marginTop: -4, marginBottom: 6 },
  detailRow: { flexDirection: 'row', marginBottom: 2 },
  detailLabel: { width: 72, color: MUTED },
  detailValue: { flex: 1 },
  verify: {
    flexDirection: 'row',
    alignItems: 'center',
    marginTop: 12,
    padding: VERIFY_PADDING,
    borderWidth: 0.5,
    borderColor: RULE,
    borderRadius: 4,
  },
  qr: { width: QR_SIZE, height: QR_SIZE },
  // Text beside a fixed-size sibling in a row gets its width from a flex View; on its own it is
  // measured unbounded and runs past the edge.
  verifyTextBox: { marginLeft: VERIFY_GAP, flex: 1 },
  verifyText: { fontSize: VERIFY_FONT_SIZE, color: MUTED },
  verifyUrl: { color: INK, textDecoration: 'none' },
  sectionHeading: {
    fontSize: 12.5,
    fontWeight: 700,
    color: INDIGO,
    marginTop: 14,
    marginBottom: 4,
    paddingBottom: 2,
    borderBottomWidth: 1,
    borderBottomColor: RULE,
  },
  record: { paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: RULE },
  recordTop: { flexDirection: 'row', justifyContent: 'space-between' },
  recordTitleBox: { flex: 1, paddingRight: 12 },
  recordTitle: { fontWeight: 700 },
  recordDate: { color: MUTED, flexShrink: 0 },
  recordLine: { color: MUTED, fontSize: 9 },
  footer: {
    position: 'absolute',
    left: PAGE_MARGIN,
    right: PAGE_MARGIN,
    bottom: PAGE_MARGIN - 16,
    height: FOOTER_HEIGHT,
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
    fontSize: 8,
    color: MUTED,
  },
  pageNumber: { width: 80, textAlign: 'right' },
});

/** A text's own font order when it holds an Indian script; otherwise the page's fonts. */
export const scriptFont = (text: string) => {
  const stack = shapedStackFor(text);
  return stack ? { fontFamily: stack } : {};
};

/** The portal's emblem (apps/web/public/favicon.svg): indigo disc, gold ring, gold star. */
export function Emblem({ size }: { size: number }) {
  return (
    <Svg width={size} height={size} viewBox="0 0 64 64">
      <Circle cx={32} cy={32} r={30} fill={INDIGO} />
      <Circle cx={32} cy={32} r={22} fill="none" stroke={GOLD} strokeWidth={3} />
      <Path
        d="M32 14l5.3 10.8 11.9 1.7-8.6 8.4 2 11.8L32 41.1l-10.6 5.6 2-11.8-8.6-8.4 11.9-1.7z"
        fill={GOLD}
      />
    </Svg>
  );
}

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <View style={styles.detailRow}>
      <Text style={styles.detailLabel}>{label}</Text>
      <View style={styles.detailValue}>
        <Text style={scriptFont(String(value))}>
          {value === null || value === '' ? MISSING : String(value)}
        </Text>
      </View>
    </View>
  );
}

/** Who the transcript is about; the note says when names are printed in Latin letters. */
export function StudentDetails({ student, note }: { student: TranscriptStudent; note: string | null }) {
  return (
    <View style={styles.student}>
      <Text style={[styles.studentName, scriptFont(student.name)]}>{student.name}</Text>
      {note ? <Text style={styles.note}>{note}</Text> : null}
      <Detail label="Student ID" value={student.studentId} />
      <Detail label="Program" value={student.program} />
      <Detail label="Discipline" value={student.discipline} />
      <Detail label="Batch" value={student.batchYear} />
    </View>
  );
}

/**
 * react-pdf breaks lines only at spaces (or adds a hyphen), so an address must fit on one line:
 * a long one is set smaller. 0.56 em a character is a little wider than Noto Sans' URL characters.
 */
const urlFontSize = (url: string): number =>
  Math.max(6, Math.min(VERIFY_FONT_SIZE, VERIFY_TEXT_WIDTH / (0.56 * url.length)));

/** The QR code and the address it holds, for anyone checking a printed copy. */
export function VerifyBlock({ qrDataUrl, verifyUrl }: { qrDataUrl: string; verifyUrl: string }) {
  return (
    <View style={styles.verify}>
      <Image style={styles.qr} src={qrDataUrl} />
      <View style={styles.verifyTextBox}>
        <Text style={styles.verifyText}>
          {'Scan or open '}
          <Link src={verifyUrl} style={[styles.verifyUrl, { fontSize: urlFontSize(verifyUrl) }]}>
            {verifyUrl}
          </Link>
          {' to check this transcript'}
        </Text>
      </View>
    </View>
  );
}

/**
 * A heading and its records. The heading is held to its first record: minPresenceAhead counts the
 * part of an unbreakable record that would fit, and so still let a heading end a page alone.
 */
export function Section({ heading, records }: { heading: string; records: ReactNode[] }) {
  const [first, ...rest] = records;
  return (
    <View>
      <View wrap={false}>
        <Text style={styles.sectionHeading}>{heading}</Text>
        {first}
      </View>
      {rest}
    </View>
  );
}

/** One record: its title, what stands beside it, and the lines under it. */
export function Record({
  title,
  date,
  lines,
}: {
  title: string;
  date: string | null;
  lines: (string | null)[];
}) {
  return (
    <View style={styles.record} wrap={false}>
      <View style={styles.recordTop}>
        <View style={styles.recordTitleBox}>
          <Text style={[styles.recordTitle, scriptFont(title)]}>{title}</Text>
        </View>
        {date ? <Text style={styles.recordDate}>{date}</Text> : null}
      </View>
      {lines
        .filter((line): line is string => Boolean(line))
        .map((line, index) => (
          <Text key={index} style={[styles.recordLine, scriptFont(line)]}>
            {line}
          </Text>
        ))}
    </View>
  );
}

const joinKnown = (values: (string | null)[]): string => values.filter(Boolean).join(' · ') || MISSING;

export function AchievementRecord({
  item,
  timeZone,
}: {
  item: TranscriptAchievement;
  timeZone: string;
}) {
  const kind = joinKnown([
    capitalize(item.type),
    item.category,
    item.level ? capitalize(item.level) : null,
  ]);
  return (
    <Record
      title={item.title}
      date={formatCalendarDate(item.dateAchieved)}
      lines={[
        `${kind} · Position: ${item.position || MISSING}`,
        attestation('Verified', item.verifiedBy, item.verifiedAt, timeZone),
      ]}
    />
  );
}

export function PositionRecord({ item, timeZone }: { item: TranscriptPosition; timeZone: string }) {
  return (
    <Record
      title={item.title}
      date={`Tenure ${item.tenureYear}`}
      lines={[
        `${item.unit} · Appointed ${item.appointmentDate ? formatCalendarDate(item.appointmentDate) : MISSING}`,
        attestation('Verified', item.verifiedBy, item.verifiedAt, timeZone),
      ]}
    />
  );
}

export function SkillRecord({ item, timeZone }: { item: TranscriptSkill; timeZone: string }) {
  return (
    <Record
      title={item.name}
      date={`Proficiency: ${capitalize(item.proficiencyLevel)}`}
      lines={[
        joinKnown([item.category, capitalize(item.type)]),
        attestation('Endorsed', item.endorsedBy, item.endorsedAt, timeZone),
      ]}
    />
  );
}

/** Repeated on every page: when issued, which transcript, and where this page stands. */
export function Footer({ issued, transcriptId }: { issued: string; transcriptId: string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{`Issued ${issued}`}</Text>
      <Text>{`Transcript ${transcriptId}`}</Text>
      {/* A set width keeps the transcript id in one place whatever the page number's length. */}
      <Text
        style={styles.pageNumber}
        render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
      />
    </View>
  );
}
