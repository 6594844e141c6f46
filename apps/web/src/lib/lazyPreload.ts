import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** starts loading the module (once); resolves when it is in */
  preload(): Promise<unknown>;
};

/**
 * React.lazy that renders the module at once when it has already been loaded (preloaded). A plain lazy
 * component suspends on its first render even then, and React holds a revealed boundary back for 300 ms
 * after its fallback showed — on the first screen that is pure delay.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  type Module = { default: ComponentType<P> };
  // the promise says how it ended (`status`, `value`: React's convention), so `use(preload())` of a module that is in
  // returns at once instead of suspending for a tick
  type Tracked = Promise<Module> & { status?: 'fulfilled' | 'rejected'; value?: Module; reason?: unknown };
  let pending: Tracked | null = null;
  const preload = () => {
    if (!pending) {
      const p: Tracked = load().then(
        (m) => {
          loaded = m.default;
          Object.assign(p, { status: 'fulfilled', value: m });
          return m;
        },
        (e) => {
          pending = null;
          Object.assign(p, { status: 'rejected', reason: e });
          throw e;
        },
      );
      pending = p;
    }
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(preload);
  function Preloadable(props: P) {
    // the type is fixed per mount, so a later render never swaps it (which would remount the screen)
    const [type] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(type, props);
  }
  return Object.assign(Preloadable, { preload });
}
