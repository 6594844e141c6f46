import type { EditorConfig, Reply } from '@gk/contracts';
import { ALLOWED_IMAGE_TYPES, UPLOAD_FIELD } from '@gk/contracts/form';
import { IMAGE_URL_PREFIX, LIMITS } from '@gk/contracts/list';
import { takeEarly } from '../../api/early';
import { post } from '../../api/request';
import { uploadEndpoints } from '../../api/shared.contracts';
import { editorConfigKey } from './editorConfigKey';

/**
 * The rich-text editor's server settings (SPEC point 7: fetched from /config), read once per session and
 * shared by every editor and image slot. A failed read is not cached, so the next editor tries again.
 */
let cached: Promise<EditorConfig> | null = null;
let known: EditorConfig | null = null;

function normalize(reply: Reply<EditorConfig> | EditorConfig): EditorConfig {
  const d = ((reply as Reply<EditorConfig>).data ?? reply) as Partial<EditorConfig>;
  if (!d || typeof d !== 'object' || typeof d.uploadUrl !== 'string') throw new Error('bad editor config');
  return {
    uploadUrl: d.uploadUrl,
    imageUrlPrefix: d.imageUrlPrefix ?? IMAGE_URL_PREFIX,
    maxBytes: Number(d.maxBytes) || 0,
    allowedTypes: Array.isArray(d.allowedTypes) && d.allowedTypes.length ? d.allowedTypes : [...ALLOWED_IMAGE_TYPES],
    fieldName: d.fieldName ?? UPLOAD_FIELD,
  };
}

export function loadEditorConfig(): Promise<EditorConfig> {
  const path = uploadEndpoints.config.path;
  cached ??= takeEarly<Reply<EditorConfig>>(editorConfigKey(path))
    .then((early) => early ?? post<Reply<EditorConfig>>(path, undefined, { quiet: true }))
    .then((r) => {
      known = normalize(r);
      return known;
    })
    .catch((e) => {
      cached = null;
      throw e;
    });
  return cached;
}

/** The upload size limit, once the settings were read (0 = unknown: the server still checks). */
export function knownMaxBytes(): number {
  return known?.maxBytes ?? 0;
}

/** Tests: forget the cached settings. */
export function resetEditorConfig() {
  cached = null;
  known = null;
}

/** The effective debounce: default 50 ms, at least 20 ms. */
export function editorDebounce(ms?: number): number {
  return Math.max(LIMITS.editorDebounceMinMs, ms ?? LIMITS.editorDebounceMs);
}
