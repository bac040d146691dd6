import { BUDGET_HEADING_LABELS, CLAIM_STATUS_LABELS, UNSPLIT_LINE_LABEL } from '@cosa/contracts';
import type { CsvColumn } from '../../lib/csv-export';
import type { ClaimListRow } from './claims.read';
import { rupees } from './ledger';

/** The columns of the claims' CSV, one row a claim. */
export const CLAIM_COLUMNS: readonly CsvColumn<ClaimListRow>[] = [
  { header: 'Claim', value: (row) => row.claim_code },
  { header: 'Status', value: (row) => CLAIM_STATUS_LABELS[row.status] },
  { header: 'Unit', value: (row) => row.unit_name },
  { header: 'Tenure', value: (row) => row.tenure_year },
  {
    header: 'Line',
    value: (row) => (row.heading ? BUDGET_HEADING_LABELS[row.heading] : UNSPLIT_LINE_LABEL),
  },
  { header: 'Event', value: (row) => row.event_title ?? '' },
  { header: 'Payee', value: (row) => row.payee },
  { header: 'Description', value: (row) => row.description },
  { header: 'Claimed (INR)', value: (row) => rupees(row.amount).toFixed(2) },
  {
    header: 'Approved (INR)',
    value: (row) => (row.approved_amount === null ? '' : rupees(row.approved_amount).toFixed(2)),
  },
  { header: 'Payment reference', value: (row) => row.payment_reference ?? '' },
  { header: 'Filed by', value: (row) => row.filer_name ?? '' },
  { header: 'Submitted', value: (row) => (row.submitted_at ? new Date(row.submitted_at) : null) },
  { header: 'Last change', value: (row) => new Date(row.updated_at) },
];
