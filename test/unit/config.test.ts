/** Settings that would do harm when mistyped are refused at start, with the setting named. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  test('an empty DATA_DIR (an unset shell variable) is refused instead of putting the database in the working folder', () => {
    assert.throws(() => loadConfig({ DATA_DIR: '' }), /DATA_DIR: must not be empty/);
    assert.match(loadConfig({}).dataDir, /\.data$/);
  });

  test('OUTBOUND_ALLOWED_NETWORKS: CIDRs parsed at start; anything else refused', () => {
    assert.deepEqual(loadConfig({}).OUTBOUND_ALLOWED_NETWORKS, []);
    const networks = loadConfig({ OUTBOUND_ALLOWED_NETWORKS: '10.20.0.0/16, fd00::/8' }).OUTBOUND_ALLOWED_NETWORKS;
    assert.deepEqual(networks.map(([address, bits]) => `${address.toString()}/${bits}`), ['10.20.0.0/16', 'fd00::/8']);
    assert.throws(() => loadConfig({ OUTBOUND_ALLOWED_NETWORKS: 'intranet' }), /OUTBOUND_ALLOWED_NETWORKS: must be comma-separated CIDRs/);
  });
});
