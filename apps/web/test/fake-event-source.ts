/**
 * The browser's EventSource for component tests: jsdom has none. It stands in for the transport
 * only; the real stream is exercised end to end in e2e/notifications.spec.ts.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  /** Runs each event the server sends; a test that renders may wrap it in act. */
  static deliver: (dispatch: () => void) => void = (dispatch) => dispatch();
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** What the server sends on the stream: `event: unread` with `data: {"unread":N}`, and the kinds that arrived. */
  send(unread: number, kinds?: string[]) {
    FakeEventSource.deliver(() => {
      this.readyState = FakeEventSource.OPEN;
      const data = kinds ? { unread, kinds } : { unread };
      this.dispatchEvent(new MessageEvent('unread', { data: JSON.stringify(data) }));
    });
  }

  /** The server answers 401 (signed out elsewhere): the browser closes the stream for good. */
  refuse() {
    FakeEventSource.deliver(() => {
      this.readyState = FakeEventSource.CLOSED;
      this.dispatchEvent(new Event('error'));
    });
  }
}
