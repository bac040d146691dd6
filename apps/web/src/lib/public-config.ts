import { useShell } from './shell';
import { useRemoteValue } from './remote-value';

/** Settings of this installation: institute name, e-mail domain, time zone, logo; loaded once. */
export function usePublicConfig() {
  return useRemoteValue(useShell().config, Number.POSITIVE_INFINITY);
}
