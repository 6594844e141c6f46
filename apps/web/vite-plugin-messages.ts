import type { Plugin } from 'vite';

/**
 * `virtual:gk-messages/zh|en|es`: the part of one language's dictionary of the contracts (`allMessages(lang)`) that
 * the entry needs before anyone is signed in (the login page, the shell's request errors, the error pages, the
 * route titles: the keys under `CORE_PREFIXES`); `virtual:gk-messages/zh|en|es/rest`: the rest (the screens'
 * fields, buttons and messages), loaded with the signed-in frame. Split so /login does not carry every screen's
 * strings (~20 KB gzip in zh).
 *
 * In a production build the dictionaries are computed at build time (the contracts are evaluated in
 * Node) and emitted as plain data, so the web bundle carries one language's strings per chunk and none
 * of the contracts' schemas (zod) or registries. The dev server and Vitest get a module that builds the
 * same dictionary at runtime from '@gk/contracts/messages' (edits show up on reload, no build step).
 */
export const MESSAGE_LANGS = ['zh', 'en', 'es'] as const;
/** the key prefixes of the entry's part of a dictionary (what the login page and the shell translate) */
export const CORE_PREFIXES = ['app.', 'auth.', 'common.', 'err.', 'error.', 'login.', 'shell.', 'route.'] as const;
export const isCoreKey = (key: string) => CORE_PREFIXES.some((p) => key.startsWith(p));

/** one part of a dictionary: the entry's (`core`) or the rest */
export function pickPart(messages: Record<string, string>, part: 'core' | 'rest'): Record<string, string> {
  const core = part === 'core';
  return Object.fromEntries(Object.entries(messages).filter(([k]) => isCoreKey(k) === core));
}
const PREFIX = 'virtual:gk-messages/';
const RESOLVED = '\0gk-messages:';

type AllMessages = (lang: (typeof MESSAGE_LANGS)[number]) => Record<string, string>;

/** the resolved id of a part of a dictionary (its chunk's facade module: vite-plugin-preload.ts names it) */
export const messagesModuleId = (lang: (typeof MESSAGE_LANGS)[number], part: 'core' | 'rest') => `${RESOLVED}${lang}/${part}`;

export function gkMessages(): Plugin {
  let build = false;
  let root = process.cwd();
  let contracts: Promise<AllMessages> | null = null;
  const load = () => {
    contracts ??= import('vite')
      .then(({ runnerImport }) =>
        runnerImport<{ allMessages: AllMessages }>('@gk/contracts/messages', { root, configFile: false, logLevel: 'error' }),
      )
      .then(({ module }) => module.allMessages);
    return contracts;
  };
  return {
    name: 'gk-messages',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build' && !process.env.VITEST;
      root = config.root;
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [lang, part = 'core', ...more] = id.slice(PREFIX.length).split('/');
      if (!(MESSAGE_LANGS as readonly string[]).includes(lang!) || !['core', 'rest'].includes(part) || more.length)
        this.error(`unknown message dictionary "${id}" (${MESSAGE_LANGS.join(', ')}, each with an optional /rest)`);
      return `${RESOLVED}${lang}/${part}`;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [lang, part] = id.slice(RESOLVED.length).split('/') as [(typeof MESSAGE_LANGS)[number], 'core' | 'rest'];
      if (!build) {
        // Vitest: the whole dictionary up front (component tests render screens without the signed-in frame's loading)
        if (process.env.VITEST)
          return part === 'rest'
            ? 'export default {};\n'
            : `import { allMessages } from '@gk/contracts/messages';\nexport default { ...allMessages(${JSON.stringify(lang)}) };\n`;
        return [
          `import { allMessages } from '@gk/contracts/messages';`,
          `const prefixes = ${JSON.stringify(CORE_PREFIXES)};`,
          `export default Object.fromEntries(Object.entries(allMessages(${JSON.stringify(lang)})).filter(([k]) => prefixes.some((p) => k.startsWith(p)) === ${part === 'core'}));`,
          '',
        ].join('\n');
      }
      const all = (await load())(lang);
      if (Object.keys(all).length === 0) this.error(`no ${lang} messages: does @gk/contracts/messages still register them?`);
      const messages = pickPart(all, part);
      // JSON.parse of a string literal parses faster than an object literal of the same size
      return `export default /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
  };
}
