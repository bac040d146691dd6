// Times the transcript PDF: a two-page transcript drawn cold (the first in a process, fonts
// loaded) and warm, and one at the most a transcript may hold. Run: npm run bench:pdf
import { performance } from 'node:perf_hooks';
import type { TranscriptContent } from '@cosa/contracts';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
/** The student's name: e.g. BENCH_PDF_NAME='శ్రీనివాస్ రావు' times a name in Telugu. */
const NAME = process.env.BENCH_PDF_NAME ?? 'अर्जुन Sharma';

function content(
  achievements: number,
  positions: number,
  skills: number,
  attended = 0,
  memberships = 0,
): TranscriptContent {
  return {
    student: {
      name: NAME,
      studentId: '12240417',
      program: 'B.Tech',
      discipline: 'Computer Science and Engineering',
      batchYear: 2022,
    },
    achievements: Array.from({ length: achievements }, (_, index) => ({
      id: `a${index}`,
      code: `ACH-${10000 + index}`,
      title: `Inter-IIT Tech Meet, robotics event ${index}`,
      type: 'technical' as const,
      category: 'Robotics',
      level: 'national',
      position: '1st',
      dateAchieved: '2025-03-12',
      verifiedBy: 'Kavya Menon',
      verifiedAt: '2025-03-20T06:30:00Z',
    })),
    positions: Array.from({ length: positions }, (_, index) => ({
      id: `p${index}`,
      code: `POR-${10000 + index}`,
      title: `Workshop Coordinator ${index}`,
      unit: 'Robotics Club',
      tenureYear: '2024-2025',
      appointmentDate: '2024-07-01',
      verifiedBy: 'Kavya Menon',
      verifiedAt: '2024-07-02T06:30:00Z',
    })),
    skills: Array.from({ length: skills }, (_, index) => ({
      id: `s${index}`,
      name: `Embedded C ${index}`,
      category: 'Programming',
      type: 'technical' as const,
      proficiencyLevel: 'advanced' as const,
      endorsedBy: 'Kavya Menon',
      endorsedAt: '2025-02-01T10:00:00Z',
    })),
    attendance: Array.from({ length: attended }, (_, index) => ({
      id: `r${index}`,
      eventId: `e${index}`,
      title: `Robotics workshop ${index}`,
      checkedInAt: '2025-08-14T12:30:00Z',
      checkedInBy: 'Kavya Menon',
    })),
    memberships: Array.from({ length: memberships }, (_, index) => ({
      id: `m${index}`,
      clubId: `c${index}`,
      club: `Coding Club ${index}`,
      role: 'Member',
      startedAt: '2024-08-10T06:00:00Z',
      endedAt: index % 2 === 0 ? '2025-05-20T06:00:00Z' : null,
    })),
  };
}

const started = performance.now();
const { renderTranscriptPdf } = await import('../apps/server/src/modules/transcripts/transcript-pdf');
const loaded = performance.now() - started;
const input = (body: TranscriptContent) => ({
  transcriptId: '3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d',
  content: body,
  institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' },
  issuedAt: new Date(),
  verifyUrl: 'https://cosa.example.ac.in/verify/3f6c2a9e-8d41-4b7a-9c05-1e2f3a4b5c6d',
  timeZone: 'Asia/Kolkata',
});

async function timed(body: TranscriptContent): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const pdf = await renderTranscriptPdf(input(body));
  return { ms: performance.now() - start, bytes: pdf.length };
}

const twoPages = content(12, 6, 10);
const cold = await timed(twoPages);
const warm: number[] = [];
for (let run = 0; run < RUNS; run += 1) warm.push((await timed(twoPages)).ms);
warm.sort((a, b) => a - b);
const at = (share: number) =>
  warm[Math.min(warm.length - 1, Math.floor(share * warm.length))]!.toFixed(0);
const largest = await timed(content(200, 200, 200, 200, 200));
process.stdout.write(
  `Transcript PDF (12 achievements, 6 positions, 10 skills: two pages, ${Math.round(cold.bytes / 1024)} KiB)\n` +
    `  module load ${loaded.toFixed(0)} ms; first render ${cold.ms.toFixed(0)} ms (cold total ${(loaded + cold.ms).toFixed(0)} ms)\n` +
    `  warm, ${RUNS} renders: median ${at(0.5)} ms, p95 ${at(0.95)} ms\n` +
    `Largest transcript (200 records of each kind, ${Math.round(largest.bytes / 1024)} KiB): ${largest.ms.toFixed(0)} ms\n`,
);
