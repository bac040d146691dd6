/**
 * Makes this worker's portal, started by global-setup.ts (E2E_BASE_URL_<n> and the others for the
 * worker whose TEST_PARALLEL_INDEX is n), the one the specs and the fixtures use: E2E_BASE_URL,
 * E2E_MAIL_DIR, E2E_RECORDS_FROM_BEFORE and E2E_PUSH_PORT. Imported by the config, which each worker loads before
 * any spec. Leaves a server named from outside (E2E_BASE_URL set before the run) alone.
 */
const index = process.env.TEST_PARALLEL_INDEX ?? '0';
for (const name of ['E2E_BASE_URL', 'E2E_MAIL_DIR', 'E2E_RECORDS_FROM_BEFORE', 'E2E_PUSH_PORT']) {
  const own = process.env[`${name}_${index}`];
  if (own) process.env[name] = own;
}
