import { describe } from 'vitest';
import { DIALECTS } from './harness.js';
import { scopeSuite } from './scope-suite.js';

/** 数据权限 (data scope), proved for every scoped resource from the contracts (test/scope-suite.ts). */
describe.each(DIALECTS)('data scope of every scoped resource on %s', (dialect) => {
  scopeSuite(dialect);
});
