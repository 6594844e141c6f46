import * as contracts from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';

/** What ApplicationTypeList reads of the contracts, as plain data in a build (no zod: vite-plugin-contracts.ts). */
export const applicationTypeResource: ListResource = contracts.applicationTypeResource;
