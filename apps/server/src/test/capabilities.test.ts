import { describe } from 'vitest';
import { capabilitySuite } from './capability-suite.js';
import { DIALECTS } from './harness.js';

/** Every capability, proved for every described resource declaring it (test/capability-suite.ts). */
describe.each(DIALECTS)('capabilities of every described resource on %s', (dialect) => {
  capabilitySuite(dialect);
});
