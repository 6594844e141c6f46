import * as contracts from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';

/** What the news list reads of the contracts, as plain data in a build (no zod: vite-plugin-contracts.ts). */
export const newsResource: ListResource = contracts.newsResource;
export const newsEndpoints = contracts.newsEndpoints;
