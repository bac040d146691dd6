import { useEffect, useRef, useState } from 'react';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly, built into the portal's own assets: never fetched from a CDN.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { Alert } from '../../../components/ui/alert';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
  },
});

/** How often a frame is read. */
const SCAN_EVERY_MS = 150;
/** A code held in front of the camera is read once; it counts again after it was out of sight this long. */
const SAME_CODE_AGAIN_MS = 2_500;

const CAMERA_REFUSED =
  'The camera could not be started. Allow the camera for this site, or check people in by name or student ID below.';
const NO_CAMERA =
  'This device has no camera the page can use: check people in by name or student ID below.';
const SCANNER_FAILED =
  'The scanner could not be loaded. Check the connection and reload the page, or check people in by name or student ID below.';

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotFoundError' || name === 'OverconstrainedError' ? NO_CAMERA : CAMERA_REFUSED;
}

/** The phone's camera, reading QR codes: each new code goes to `onCode`. Loaded only by the check-in page. */
export function CheckInCamera({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let seen = { code: '', at: 0 };
    const detector = new BarcodeDetector({ formats: ['qr_code'] });

    async function read(): Promise<void> {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        let codes: { rawValue: string }[];
        try {
          codes = await detector.detect(element);
        } catch {
          setProblem(SCANNER_FAILED);
          return;
        }
        const code = codes[0]?.rawValue;
        const now = Date.now();
        if (code && !stopped) {
          if (code !== seen.code || now - seen.at > SAME_CODE_AGAIN_MS) latest.current(code);
          seen = { code, at: now };
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), SCAN_EVERY_MS);
    }

    async function start(): Promise<void> {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem(NO_CAMERA);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      void read();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem) return <Alert tone="error">{problem}</Alert>;
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label="Camera view: hold a ticket's QR code in front of it"
      className="aspect-[4/3] w-full rounded-lg bg-ink object-cover"
    />
  );
}
