import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The tag bar's visited views and the view cache (SPEC point 2). Tags survive a reload (sessionStorage). */
export interface TagView {
  /** route name: the cache key */
  name: string;
  path: string;
  /** path + query: where clicking the tag goes */
  fullPath: string;
  /** the server's (zh) title; translated at display time by name */
  title: string;
  affix?: boolean;
}

interface TagsState {
  visited: TagView[];
  /** route names whose views are kept alive */
  cached: string[];
  /** bumped by a refresh so the view remounts */
  gens: Record<string, number>;
  addView(v: TagView): void;
  delView(v: TagView): void;
  delOthers(v: TagView): void;
  delAll(): void;
  /** drops the view's cache so the next visit mounts it afresh */
  refresh(name: string): void;
  /** puts the affixed tags first (home) */
  ensureAffix(views: TagView[]): void;
  /** keeps only the tags whose route still exists (after the routes were generated) */
  retain(names: Set<string>): void;
  clear(): void;
}

/** The import screen's tag has no close button (SPEC point 2). */
export function isClosable(v: TagView): boolean {
  return !v.affix && v.path !== '/import';
}

export const TAGS_KEY = 'gk.tags';

export const useTags = create<TagsState>()(
  persist(
    (set, get) => ({
      visited: [],
      cached: [],
      gens: {},
      addView(v) {
        const { visited, cached } = get();
        const i = visited.findIndex((x) => x.path === v.path);
        let next = visited;
        if (i < 0) next = [...visited, v];
        else if (visited[i].fullPath !== v.fullPath || visited[i].title !== v.title)
          next = visited.map((x, j) => (j === i ? { ...x, fullPath: v.fullPath, title: v.title } : x));
        const nextCached = cached.includes(v.name) ? cached : [...cached, v.name];
        if (next !== visited || nextCached !== cached) set({ visited: next, cached: nextCached });
      },
      delView(v) {
        if (!isClosable(v)) return;
        set((s) => ({ visited: s.visited.filter((x) => x.path !== v.path), cached: s.cached.filter((n) => n !== v.name) }));
      },
      delOthers(v) {
        set((s) => {
          const visited = s.visited.filter((x) => !isClosable(x) || x.path === v.path);
          const names = new Set(visited.map((x) => x.name));
          return { visited, cached: s.cached.filter((n) => names.has(n)) };
        });
      },
      delAll() {
        set((s) => {
          const visited = s.visited.filter((x) => !isClosable(x));
          const names = new Set(visited.map((x) => x.name));
          return { visited, cached: s.cached.filter((n) => names.has(n)) };
        });
      },
      refresh(name) {
        set((s) => ({ cached: s.cached.filter((n) => n !== name), gens: { ...s.gens, [name]: (s.gens[name] ?? 0) + 1 } }));
      },
      ensureAffix(views) {
        set((s) => {
          const paths = new Set(views.map((v) => v.path));
          const rest = s.visited.filter((x) => !paths.has(x.path));
          const visited = [...views.map((v) => ({ ...v, affix: true })), ...rest];
          const same =
            visited.length === s.visited.length && visited.every((v, i) => v.path === s.visited[i].path && v.affix === s.visited[i].affix);
          return same ? s : { visited };
        });
      },
      retain(names) {
        set((s) => {
          const visited = s.visited.filter((x) => names.has(x.name));
          return visited.length === s.visited.length ? s : { visited, cached: s.cached.filter((n) => names.has(n)) };
        });
      },
      clear() {
        set({ visited: [], cached: [], gens: {} });
      },
    }),
    {
      name: TAGS_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ visited: s.visited }),
    },
  ),
);
