import { useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { feedback } from './feedback';
import { tr } from './i18n';

/**
 * Unsaved changes of the kept-alive views (issue 10, item 6). A view hidden by a tab switch keeps its
 * edits, so switching tabs never asks; leaving for real does: closing (or refreshing) the view's tag,
 * navigating away inside the view (its own buttons and links), reloading or closing the window. A view reports its state with `useUnsavedChanges(dirty)`; the tag bar asks `confirmDiscard`.
 */
const dirtyPaths = new Set<string>();

/**
 * The navigation state the shell's own links and tag actions carry (tag bar, sidebar, breadcrumb): a
 * switch to another kept-alive view, which keeps this one's edits, so the view does not ask.
 */
export const TAB_SWITCH = { gkTabSwitch: true } as const;

function isTabSwitch(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { gkTabSwitch?: unknown }).gkTabSwitch === true;
}
const key = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

function onBeforeUnload(e: BeforeUnloadEvent) {
  if (dirtyPaths.size === 0) return;
  e.preventDefault();
  e.returnValue = '';
}

function setUnsaved(path: string, dirty: boolean) {
  if (dirty) dirtyPaths.add(key(path));
  else dirtyPaths.delete(key(path));
  if (typeof window === 'undefined') return;
  if (dirtyPaths.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Whether any of these view paths has unsaved changes. */
export function hasUnsaved(paths: string[]): boolean {
  return paths.some((p) => dirtyPaths.has(key(p)));
}

/** Forgets the views' unsaved state (their tag closed, or refreshed: the view is gone). */
export function forgetUnsaved(paths: string[]): void {
  for (const p of paths) setUnsaved(p, false);
}

/** Asks before the views' unsaved changes are dropped; resolves at once with true when there are none. */
export function confirmDiscard(paths: string[]): Promise<boolean> {
  return hasUnsaved(paths) ? askDiscard() : Promise.resolve(true);
}

/** Asks before edits are dropped (a dialog closed, a version restored over them): true to drop them. */
export function askDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title: tr('ui.detail.leaveTitle'),
      content: tr('ui.detail.leaveContent'),
      okText: tr('ui.detail.leave'),
      cancelText: tr('ui.detail.stay'),
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Reports a view's unsaved changes to the shell, and asks before a navigation inside the view leaves it
 * while it has some (its own buttons and links: back to the list, another record; not the shell's tab
 * switches, marked `TAB_SWITCH`). The state outlives the view being hidden (a
 * hidden Activity pauses effects, the edits stay), so it is not cleared on hide, only when clean again
 * or when the tag closes. `dirtyNow`: the caller's ref of the same state, updated synchronously.
 */
export function useUnsavedChanges(dirty: boolean, dirtyNow?: { readonly current: boolean }): void {
  const location = useLocation();
  const [path] = useState(location.pathname);
  const own = useRef(dirty);
  own.current = dirty;
  // the caller's ref, when it has one, is current even before the next render (a save that marks the
  // form clean and navigates in the same tick must not be asked about)
  const dirtyRef = dirtyNow ?? own;
  useEffect(() => {
    setUnsaved(path, dirty);
  }, [path, dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      key(currentLocation.pathname) === key(path) &&
      !isTabSwitch(nextLocation.state) &&
      (key(nextLocation.pathname) !== key(path) || nextLocation.search !== currentLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscard([path]).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed?.();
      else blocker.reset?.();
    });
  }, [blocker, path]);
}
