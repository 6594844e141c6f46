import * as contracts from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';

/** What ContactList reads of the contracts, as plain data in a build (no zod: vite-plugin-contracts.ts). */
export const contactResource: ListResource = contracts.contactResource;
