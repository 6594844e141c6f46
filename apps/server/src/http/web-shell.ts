import fs from 'node:fs';
import path from 'node:path';
import { normalizeViewUrl, viewUrlOf } from '@gk/contracts/views';

/**
 * The SPA's shell (index.html) as the server answers it for a history-mode address. For a visitor who holds a
 * session cookie (`token`, set by the SPA), the shell names the chunks of the first screen beyond the entry —
 * the layout and antd scope every signed-in screen loads, then the view of the address — as
 * `<link rel="modulepreload">` (`<link rel="preload" as="style">` for their CSS), so the browser fetches and
 * compiles them beside the entry instead of after it has run. The table comes from the web build
 * (`dist/.vite/preload.json`, apps/web/vite-plugin-preload.ts); without it the shell is the file as built.
 * The cookie only chooses which hints to send: nothing is answered or allowed on its strength (the API reads
 * the token from its header), and a stale cookie costs a few cached downloads.
 */
export interface WebShell {
  html(pathname: string, cookieHeader: string | undefined): string;
}

interface PreloadTable {
  signedIn: string[];
  views: Record<string, string[]>;
}

const hasToken = (cookie: string | undefined) => !!cookie && /(?:^|;\s*)token=[^;\s]/.test(cookie);

function links(files: string[]): string {
  return files
    .map((f) => {
      const href = `/${f.replace(/^\/+/, '')}`.replace(/[&"<>]/g, '');
      return f.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${href}">`
        : `<link rel="modulepreload" crossorigin href="${href}">`;
    })
    .join('');
}

export function readWebShell(webDir: string): WebShell {
  const plain = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const tableFile = path.join(webDir, '.vite', 'preload.json');
  if (!fs.existsSync(tableFile) || !plain.includes('</head>')) return { html: () => plain };
  const table = JSON.parse(fs.readFileSync(tableFile, 'utf8')) as PreloadTable;
  const withLinks = (files: string[]) => plain.replace('</head>', `${links(files)}</head>`);
  // one string per view, made once: a request only picks one
  const signedIn = withLinks(table.signedIn);
  const views = new Map(
    Object.entries(table.views).map(([url, files]) => [normalizeViewUrl(url), withLinks([...table.signedIn, ...files])]),
  );
  return {
    html(pathname, cookieHeader) {
      if (!hasToken(cookieHeader)) return plain;
      return views.get(viewUrlOf(pathname)) ?? signedIn;
    },
  };
}
