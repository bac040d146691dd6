import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { FEWER_THAN_5 } from '../report-format';
import { useWidth } from './use-width';

/** One row of the chart: its label and a value per series, null for a figure not shown. */
export type BarRow = { label: string; values: readonly (number | null)[] };

export type BarSeries = { label: string };

type BarChartProps = {
  /** The chart's text summary: its accessible name (the table beside it holds the figures). */
  summary: string;
  rows: readonly BarRow[];
  /** One or two series, drawn side by side in each row. */
  series: readonly BarSeries[];
  format: (value: number) => string;
  /** What a missing value of a row reads (default 'fewer than 5'). */
  missing?: (rowIndex: number, seriesIndex: number) => string;
  /** The end of the scale (1 for shares); the largest value when not given. */
  max?: number;
};

const SERIES_FILL = ['fill-accent', 'fill-ink-muted'] as const;
const SERIES_SWATCH = ['bg-accent', 'bg-ink-muted'] as const;
const BAR_HEIGHT = 18;
const ROW_GAP = 12;
const FONT_SIZE = 12;
/** An average glyph of the 12 px sans-serif, to cut a label before it runs into the bars. */
const GLYPH_WIDTH = 6.6;
/** Room right of the longest bar for its value ('fewer than 5', '₹1,20,000'). */
const VALUE_ROOM = 84;

function fitted(label: string, width: number): string {
  const room = Math.floor(width / GLYPH_WIDTH);
  return label.length <= room ? label : `${label.slice(0, Math.max(1, room - 1))}…`;
}

/**
 * Horizontal bars, which read best on a phone: the labels on the left, the bars and their values
 * on the right, at the width the card gives. A value not shown draws no bar and says why. The SVG
 * is one image named by its summary; the data table beside it is the accessible reading.
 */
export function BarChart({ summary, rows, series, format, missing, max }: BarChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const rowHeight = series.length * BAR_HEIGHT;
  const height = rows.length * (rowHeight + ROW_GAP);
  const labelWidth = Math.round(Math.min(width * 0.38, 180));
  const barRoom = Math.max(0, width - labelWidth - VALUE_ROOM - 8);
  const largest = Math.max(0, ...rows.flatMap((row) => row.values.map((value) => value ?? 0)));
  const x = scaleLinear<number>({ domain: [0, max ?? (largest || 1)], range: [0, barRoom] });
  const y = scaleBand<number>({
    domain: rows.map((_, index) => index),
    range: [0, height],
    paddingInner: ROW_GAP / (rowHeight + ROW_GAP),
  });
  const inRow = scaleBand<number>({ domain: series.map((_, index) => index), range: [0, rowHeight] });

  return (
    <div className="grid min-w-0 gap-2">
      {series.length > 1 && (
        // The table names each column; the legend is for the eye.
        <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
          {series.map((item, index) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm ${SERIES_SWATCH[index]}`} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={ref} className="min-w-0" style={{ height }}>
        {width > 0 && (
          <svg role="img" aria-label={summary} width={width} height={height} className="block">
            {rows.map((row, rowIndex) => (
              <Group key={`${rowIndex}-${row.label}`} top={y(rowIndex) ?? 0}>
                <text
                  x={labelWidth - 8}
                  y={rowHeight / 2}
                  dy="0.35em"
                  textAnchor="end"
                  fontSize={FONT_SIZE}
                  className="fill-ink"
                >
                  {fitted(row.label, labelWidth - 8)}
                </text>
                {row.values.map((value, index) => {
                  const top = inRow(index) ?? 0;
                  const length = value === null ? 0 : x(Math.max(0, value));
                  return (
                    <Group key={index} left={labelWidth} top={top}>
                      {length > 0 && (
                        <Bar
                          width={length}
                          height={BAR_HEIGHT - 4}
                          y={2}
                          rx={2}
                          className={SERIES_FILL[index]}
                        />
                      )}
                      <text
                        x={length + 4}
                        y={BAR_HEIGHT / 2}
                        dy="0.35em"
                        fontSize={FONT_SIZE}
                        className={value === null ? 'fill-ink-muted italic' : 'fill-ink'}
                      >
                        {value === null ? (missing?.(rowIndex, index) ?? FEWER_THAN_5) : format(value)}
                      </text>
                    </Group>
                  );
                })}
              </Group>
            ))}
          </svg>
        )}
      </div>
    </div>
  );
}
