import { useMemo } from 'react';
import { create } from 'qrcode';

/** The white margin a reader needs around a QR code, in modules. */
const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path, a unit square each. */
function pathOf(code: string): { size: number; d: string } {
  const { modules } = create(code, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  return { size: modules.size + 2 * QUIET_ZONE, d };
}

/** A ticket's QR code, drawn as SVG: sharp at any size, on a phone's screen and on paper. */
export function TicketQr({ code, label }: { code: string; label: string }) {
  const { size, d } = useMemo(() => pathOf(code), [code]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-ticket-qr=""
      className="block aspect-square w-full max-w-72"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
