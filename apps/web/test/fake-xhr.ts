import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (the uploads use it for their progress) that the test drives:
 * progress, the end of the upload, an answer, or a failure. Answers the requests sent, in order.
 */
export function fakeXhr() {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    body: unknown;
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: Partial<ProgressEvent>) => void) | null;
      onload: (() => void) | null;
    } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      this.body = body;
      sent.push(this);
    }
    abort() {
      this.onabort?.();
    }
    progress(loaded: number, total: number) {
      act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
    }
    uploaded() {
      act(() => this.upload.onload?.());
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      act(() => this.onload?.());
    }
    fail() {
      act(() => this.onerror?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
