import * as contracts from '@gk/contracts';

/**
 * The contracts' endpoint tables and filters every signed-in screen may read (the data layer, the bell, the
 * column settings, the publish-state filter), as plain data in a build: see `gkPlainContracts` in
 * vite-plugin-contracts.ts. A list screen's own resource comes from its page's `<name>.contracts.ts`.
 */
export const uploadEndpoints = contracts.uploadEndpoints;
export const fieldConfigEndpoints = contracts.fieldConfigEndpoints;
export const noticeEndpoints = contracts.noticeEndpoints;
export const publishFilter = contracts.publishFilter;
