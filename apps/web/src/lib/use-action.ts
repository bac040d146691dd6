import { useCallback, useState } from 'react';

type ActionState<Result> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: Result; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

type Callbacks<Result> = { onSuccess?: (data: Result) => void; onError?: (error: unknown) => void };

/**
 * One request a page sends on a user's action (a sign-in, a new link), with its state, as a
 * TanStack Query mutation gives it: for the sign-in pages, which load no query library.
 */
export function useAction<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const [state, setState] = useState<ActionState<Result>>(IDLE);

  const mutateAsync = useCallback(
    async (variables: Variables): Promise<Result> => {
      setState({ status: 'pending', data: undefined, error: null });
      try {
        const data = await call(variables);
        setState({ status: 'success', data, error: null });
        return data;
      } catch (error) {
        setState({ status: 'error', data: undefined, error });
        throw error;
      }
    },
    [call],
  );

  /** Sends the request; `onSuccess` or `onError` runs with its answer. */
  const mutate = useCallback(
    (variables: Variables, { onSuccess, onError }: Callbacks<Result> = {}) => {
      void mutateAsync(variables).then(onSuccess, (error: unknown) => onError?.(error));
    },
    [mutateAsync],
  );

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
  };
}
