import { earlyKey } from '../../api/early';

/**
 * The key of the editor settings' request (`loadEditorConfig`) when the entry starts it early (app/firstList.ts):
 * a module of its own, so the entry does not load the settings' module with its imports.
 */
export const editorConfigKey = (path: string) => earlyKey('POST', path, null);
