import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export interface HighlightWord {
  text: string;
  level: 'block' | 'warn';
}

interface HitState {
  words: HighlightWord[];
  set: DecorationSet;
}

export const hitHighlightKey = new PluginKey<HitState>('gkHitHighlight');

/** every occurrence of each word in the doc's text nodes (case-insensitive), red for 禁止, orange for 提示 */
function decorate(doc: PmNode, words: HighlightWord[]): DecorationSet {
  if (!words.length) return DecorationSet.empty;
  const out: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    const text = node.text.toLowerCase();
    for (const w of words) {
      const needle = w.text.toLowerCase();
      if (!needle) continue;
      for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length))
        out.push(Decoration.inline(pos + i, pos + i + needle.length, { class: `gk-hit gk-hit-${w.level}`, 'data-hit': w.text }));
    }
  });
  return DecorationSet.create(doc, out);
}

/** The content check's highlight (issue 27): words set through `setHitWords`, kept across edits. */
export const HitHighlight = Extension.create({
  name: 'gkHitHighlight',
  addProseMirrorPlugins() {
    return [
      new Plugin<HitState>({
        key: hitHighlightKey,
        state: {
          init: (): HitState => ({ words: [], set: DecorationSet.empty }),
          apply(tr, prev) {
            const words = tr.getMeta(hitHighlightKey) as HighlightWord[] | undefined;
            if (words) return { words, set: decorate(tr.doc, words) };
            return tr.docChanged ? { words: prev.words, set: decorate(tr.doc, prev.words) } : prev;
          },
        },
        props: { decorations: (state) => hitHighlightKey.getState(state)?.set },
      }),
    ];
  },
});
