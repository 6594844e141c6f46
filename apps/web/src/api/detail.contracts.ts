import * as contracts from '@gk/contracts';

/**
 * The endpoint tables a detail screen's first paint reads (the publish bar's draft calls, the review state, the
 * content check), as plain data in a build (`gkPlainContracts` in vite-plugin-contracts.ts). Apart from
 * `shared.contracts.ts`, whose chunk every list loads too.
 */
export const draftEndpoints = contracts.draftEndpoints;
export const reviewEndpoints = contracts.reviewEndpoints;
export const contentCheckEndpoints = contracts.contentCheckEndpoints;
