import { setInstituteTimeZone } from './format';
import { useShell } from './shell';
import { useRemoteValue } from './remote-value';

/** Settings of this installation: institute name, e-mail domain, time zone, logo; loaded once. */
export function usePublicConfig() {
  const config = useRemoteValue(useShell().config, Number.POSITIVE_INFINITY);
  // Every date the pages write is on the institute's clock: the formatters take it from here.
  if (config.data?.timeZone) setInstituteTimeZone(config.data.timeZone);
  return config;
}
