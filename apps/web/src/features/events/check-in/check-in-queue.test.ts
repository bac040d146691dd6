import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckInResult, CheckInScan } from '@cosa/contracts';
import { ApiError } from '../../../lib/api-client';
import { CheckInQueue } from './check-in-queue';

const KEY = 'cosa.check-in.v1.test';
const CODE = 'T1.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

const answer = (scans: CheckInScan[]): CheckInResult => ({
  results: scans.map((scan) => ({
    scanId: scan.scanId,
    outcome: 'checked_in',
    name: 'Riya Iyer',
    studentId: null,
    checkedInAt: null,
    checkedInBy: null,
  })),
  checkedIn: scans.length,
  confirmed: 10,
});

const offline = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('the door queue', () => {
  it('tries again by itself after a pause when the server could not be reached', async () => {
    vi.useFakeTimers();
    const send = vi
      .fn<(scans: CheckInScan[]) => Promise<CheckInResult>>()
      .mockRejectedValueOnce(offline())
      .mockRejectedValueOnce(offline())
      .mockImplementation(async (scans) => answer(scans));
    const queue = new CheckInQueue(KEY, send);
    const stop = queue.start();
    queue.add({ ticket: CODE }, 'Ticket');
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toMatchObject({ offline: true });
    expect(queue.getState().pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(queue.getState()).toMatchObject({ offline: false, pending: [] });
    // The three tries carried the one scan id.
    expect(new Set(send.mock.calls.map(([scans]) => scans[0]!.scanId)).size).toBe(1);
    stop();
  });

  it('refuses on the device what the server could not take, and stores nothing', () => {
    const send = vi.fn(async (scans: CheckInScan[]) => answer(scans));
    const queue = new CheckInQueue(KEY, send);
    queue.add({ ticket: 'x'.repeat(201) }, 'Ticket');
    expect(queue.getState().latest).toEqual({ kind: 'unreadable', label: 'Ticket' });
    expect(send).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('stops, keeping the scans, when an answer names none of them', async () => {
    const send = vi.fn(async () => answer([]));
    const queue = new CheckInQueue(KEY, send);
    queue.add({ ticket: CODE }, 'Ticket');
    await vi.waitFor(() =>
      expect(queue.getState().refusal).toBe('The server did not answer these scans.'),
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.getState().pending).toHaveLength(1);
  });

  it('keeps scans in memory where the device refuses to store them', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const send = vi.fn<(scans: CheckInScan[]) => Promise<CheckInResult>>().mockRejectedValue(offline());
    const queue = new CheckInQueue(KEY, send, full);
    queue.add({ ticket: CODE }, 'Ticket');
    queue.add({ registrationId: '00000000-0000-4000-8000-0000000000a1' }, 'Arjun Mehta');
    expect(queue.getState().pending.map((scan) => scan.label)).toEqual(['Ticket', 'Arjun Mehta']);
  });
});
