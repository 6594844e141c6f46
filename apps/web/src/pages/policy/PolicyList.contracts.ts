import * as contracts from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';

/** What PolicyList reads of the contracts, as plain data in a build (no zod: vite-plugin-contracts.ts). */
export const policyResource: ListResource = contracts.policyResource;
