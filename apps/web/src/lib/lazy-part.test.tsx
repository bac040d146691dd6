import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const UNAVAILABLE =
  'This part of the page could not be loaded: the connection may be down, or the portal was updated. Try again, or reload the page.';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** Renders and lets React settle what the render started (a part suspends while it loads). */
async function show(ui: ReactNode) {
  await act(async () => {
    render(ui);
  });
}

/** A load that fails as the browser does when a chunk cannot be fetched, `failures` times. */
function flakyLoad(failures: number) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures)
      throw new TypeError('Failed to fetch dynamically imported module: /assets/greeting.js');
    return Greeting;
  });
}

class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The page failed</p> : this.props.children;
  }
}

describe('a part of a page loaded apart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the part once loaded, with its props', async () => {
    const { Part } = lazyPart(flakyLoad(0));
    await show(<Part name="Asha" />);
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
  });

  it('says in its own place that it could not be loaded, and Retry loads it again', async () => {
    const user = userEvent.setup();
    const load = flakyLoad(1);
    const { Part } = lazyPart(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(
      <PageBoundary>
        <p>The rest of the page</p>
        <Part name="Asha" />
      </PageBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not fetch again by itself while it shows the failure', async () => {
    const load = flakyLoad(5);
    const { Part } = lazyPart(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(<Part name="Asha" />);
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is fetched again when shown after a preload that failed', async () => {
    const load = flakyLoad(1);
    const part = lazyPart(load);
    await expect(
      new Promise<void>((resolve) => {
        function Page() {
          part.usePreload();
          return null;
        }
        render(<Page />);
        const check = setInterval(() => {
          if (load.mock.calls.length === 1) {
            clearInterval(check);
            resolve();
          }
        }, 20);
      }),
    ).resolves.toBeUndefined();
    // Let the failed preload settle before the part is shown.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await show(<part.Part name="Ravi" />);
    expect(await screen.findByText('Hello, Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'an error of the part itself',
      () => {
        function Broken(): ReactNode {
          throw new Error('a bug in the part');
        }
        return lazyPart<object>(async () => Broken);
      },
    ],
    [
      'a load that failed for another reason than fetching',
      () =>
        lazyPart<object>(async () => {
          throw new ReferenceError('settings is not defined');
        }),
    ],
  ])('leaves %s to the page', async (_case, make) => {
    const { Part } = make();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(
      <PageBoundary>
        <Part />
      </PageBoundary>,
    );
    expect(await screen.findByText('The page failed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows every place that had failed once one Retry has loaded it', async () => {
    const user = userEvent.setup();
    const { Part } = lazyPart(flakyLoad(1));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(
      <>
        <Part name="Asha" />
        <Part name="Ravi" />
      </>,
    );
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    await act(async () => {
      await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    });
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Ravi')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Close beside Retry where the page can put the part aside', async () => {
    const user = userEvent.setup();
    const { Part } = lazyPart(flakyLoad(1));
    const close = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(<Part name="Asha" onCloseFailure={close} />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
