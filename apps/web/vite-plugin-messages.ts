import type { Plugin } from 'vite';

/**
 * `virtual:gk-messages/zh|en|es`: one language's dictionary of the contracts (`allMessages(lang)`).
 *
 * In a production build the dictionaries are computed at build time (the contracts are evaluated in
 * Node) and emitted as plain data, so the web bundle carries one language's strings per chunk and none
 * of the contracts' schemas (zod) or registries. The dev server and Vitest get a module that builds the
 * same dictionary at runtime from '@gk/contracts/messages' (edits show up on reload, no build step).
 */
export const MESSAGE_LANGS = ['zh', 'en', 'es'] as const;
const PREFIX = 'virtual:gk-messages/';
const RESOLVED = '\0gk-messages:';

type AllMessages = (lang: (typeof MESSAGE_LANGS)[number]) => Record<string, string>;

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
      const lang = id.slice(PREFIX.length);
      if (!(MESSAGE_LANGS as readonly string[]).includes(lang))
        this.error(`unknown message language "${lang}" (${MESSAGE_LANGS.join(', ')})`);
      return RESOLVED + lang;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const lang = id.slice(RESOLVED.length) as (typeof MESSAGE_LANGS)[number];
      if (!build)
        return `import { allMessages } from '@gk/contracts/messages';\nexport default { ...allMessages(${JSON.stringify(lang)}) };\n`;
      const messages = (await load())(lang);
      if (Object.keys(messages).length === 0) this.error(`no ${lang} messages: does @gk/contracts/messages still register them?`);
      // JSON.parse of a string literal parses faster than an object literal of the same size
      return `export default /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
  };
}
