import * as contracts from '@gk/contracts';
import { type FormResource, formResource } from '@gk/contracts/form';

/**
 * What the news detail reads of the contracts, as plain data in a build (no zod: vite-plugin-contracts.ts): the
 * resource with its save schema's facts (required fields, guarded fields); the schema loads after the first paint.
 */
export const newsResource: FormResource = formResource(contracts.newsResource);
export const newsEndpoints = contracts.newsEndpoints;
