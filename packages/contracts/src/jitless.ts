import { config } from 'zod';

/**
 * zod in the browser runs without its compiled object parsers (`jitless`): the SPA's Content-Security-Policy
 * refuses `new Function`, so zod's probe for it only raised a `securitypolicyviolation` report on every page and
 * then parsed without them anyway. Imported first by the browser entry of the package, before any schema exists.
 */
config({ jitless: true });
