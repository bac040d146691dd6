// @testing-library/react's render, cleanup and act for the Preact the app runs on, with the same
// @testing-library/dom that user-event drives: every event runs inside act.
import {
  configure,
  fireEvent as domFireEvent,
  getQueriesForElement,
  prettyDOM,
} from '@testing-library/dom';
import { h, options, render as preactRender, type ComponentChild, type ComponentType } from 'preact';
import type { JSXElementConstructor, ReactNode } from 'react';
import { act } from 'preact/test-utils';

export * from '@testing-library/dom';
export { act };

// Every event user-event or fireEvent dispatches runs inside act: the renders and effects it causes
// are done when the call returns, as they are with React's testing library.
configure({
  eventWrapper: (callback) => {
    let result: unknown;
    act(() => {
      result = callback();
    });
    return result;
  },
  // As @testing-library/react does: let what the awaited step set off settle before the test goes on.
  asyncWrapper: async (callback) => {
    const result: unknown = await callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return result;
  },
});

// Effects run on the next turn, as React's act runs them before the test goes on, rather than
// after a painted frame that jsdom only imitates.
options.requestAnimationFrame = (callback) => setTimeout(callback, 0);

const mounted = new Set<HTMLElement>();

// The tests are written with React's types; Preact takes the same values.
type Wrapper = JSXElementConstructor<{ children: ReactNode }>;
type RenderOptions = { container?: HTMLElement; baseElement?: HTMLElement; wrapper?: Wrapper };

/** Renders into a new container in the document, like @testing-library/react's render. */
export function render(ui: ReactNode, { container, baseElement, wrapper }: RenderOptions = {}) {
  const base = baseElement ?? container ?? document.body;
  const target = container ?? base.appendChild(document.createElement('div'));
  mounted.add(target);
  const Wrapper = wrapper as ComponentType<{ children?: ComponentChild }> | undefined;
  const wrap = (node: ReactNode) =>
    Wrapper ? h(Wrapper, null, node as ComponentChild) : (node as ComponentChild);
  act(() => preactRender(wrap(ui), target));
  return {
    container: target,
    baseElement: base,
    debug: (element: Element = base) => console.log(prettyDOM(element)),
    unmount: () => act(() => preactRender(null, target)),
    rerender: (next: ReactNode) => act(() => preactRender(wrap(next), target)),
    ...getQueriesForElement(base),
  };
}

/** Unmounts everything render mounted. */
export function cleanup(): void {
  for (const target of mounted) {
    act(() => preactRender(null, target));
    target.remove();
  }
  mounted.clear();
}

// preact/compat listens for `input` where React's onChange is written on text fields.
const TEXT_INPUT =
  /^(?:text|search|email|url|tel|password|number|date|time|datetime-local|month|week)?$/i;
export const fireEvent: typeof domFireEvent = Object.assign(
  (element: Document | Element | Window | Node, event: Event) => domFireEvent(element, event),
  domFireEvent,
  {
    change: (element: Document | Element | Window | Node, init?: object) =>
      element instanceof HTMLTextAreaElement ||
      (element instanceof HTMLInputElement && TEXT_INPUT.test(element.type))
        ? domFireEvent.input(element, init)
        : domFireEvent.change(element, init),
  },
);

type HookOptions<Props> = { initialProps?: Props; wrapper?: Wrapper };

/** Runs a hook in a component of its own, like @testing-library/react's renderHook. */
export function renderHook<Result, Props = undefined>(
  hook: (props: Props) => Result,
  { initialProps, wrapper }: HookOptions<Props> = {},
) {
  const result = { current: undefined as Result };
  function Probe({ props }: { props: Props }) {
    result.current = hook(props);
    return null;
  }
  const probe = (props: Props) => h(Probe, { props }) as unknown as ReactNode;
  const view = render(probe(initialProps as Props), wrapper ? { wrapper } : {});
  return {
    result,
    rerender: (props?: Props) => view.rerender(probe(props as Props)),
    unmount: view.unmount,
  };
}
