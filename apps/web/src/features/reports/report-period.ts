import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentTenure } from '@cosa/contracts';
import { usePublicConfig } from '../../lib/public-config';

/** The report's period as the address holds it: a tenure, or a date range (both days included). */
export type ReportPeriod = { tenure: string } | { from: string; to: string };

const TENURE = /^\d{4}-\d{4}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period in the address (?tenure= or ?from=&to=); anything else means the current tenure. A
 * range is passed on as written: the server checks it and says what is wrong with it.
 */
function periodFrom(params: URLSearchParams, thisTenure: string): ReportPeriod {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to)) return { from, to };
  const tenure = params.get('tenure') ?? '';
  return { tenure: TENURE.test(tenure) ? tenure : thisTenure };
}

/** The period as a query string of the API and the address, without the '?'. */
export function periodQuery(period: ReportPeriod): string {
  return new URLSearchParams(period).toString();
}

/** The chosen period, kept in the address so that the report can be shared and reloaded. */
export function useReportPeriod() {
  const [params, setParams] = useSearchParams();
  const timeZone = usePublicConfig().data?.timeZone;
  const thisTenure = currentTenure(new Date(), timeZone);
  const period = useMemo(() => periodFrom(params, thisTenure), [params, thisTenure]);
  const choose = useCallback(
    (next: ReportPeriod) => setParams(new URLSearchParams(next), { replace: true }),
    [setParams],
  );
  return { period, thisTenure, choose };
}
