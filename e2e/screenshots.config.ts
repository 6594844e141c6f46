import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Regenerates docs/screenshots: `cd e2e && npx playwright test -c screenshots.config.ts` (after `npm run build`). */
export default defineConfig({
  ...base,
  testDir: './scripts',
  testMatch: /screenshots\.ts$/,
  retries: 0,
  timeout: 120_000,
});
