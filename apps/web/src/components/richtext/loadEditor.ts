import type { ComponentType } from 'react';
import { lazyWithPreload } from '../../lib/lazyPreload';
import type { EditorProps } from './RichText';

/**
 * The rich-text editor (TipTap, its own chunk) as RichText renders it: a component that renders at once when its
 * code is in (React.lazy would suspend on its first render even then, and React holds a revealed boundary back
 * 300 ms after its fallback showed). `loadEditor` starts the code: RichText with the editor's settings, and the
 * entry on a cold load of a details screen with rich text (app/firstList.ts), beside the screen's code instead of
 * once the form has rendered with the record. A module of its own, so the entry gains the import and not RichText.
 */
export const EditorView = lazyWithPreload<EditorProps>(() => import('./Editor') as Promise<{ default: ComponentType<EditorProps> }>);

export const loadEditor = (): Promise<unknown> => EditorView.preload();
