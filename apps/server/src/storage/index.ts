import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_CONTENT_TYPES } from '@gk/contracts';
import type { AppConfig } from '../config.js';
import { LocalImageStore } from './local.js';
import { S3ImageStore } from './s3.js';

export { isRenditionVariant, RENDITIONS_DIR, variantContentType } from './rendition-names.js';

/** Bytes `start` to `end` of an image, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored image, ready to stream. */
export interface StoredImage {
  /** the bytes, or only the range asked for */
  body: Readable;
  contentType: string;
  /** the whole image's size, also when a range was asked for */
  size: number;
  /** epoch ms of the last write (an upload of the same bytes refreshes it) */
  modifiedAt: number;
}

/** A listing entry (for the unused-image sweep). */
export interface ImageEntry {
  name: string;
  size: number;
  modifiedAt: number;
}

/**
 * Where uploaded images live. Names are content-hash names (`<sha256 hex prefix>.<ext>`, see
 * contracts' IMAGE_NAME_PATTERN); an implementation refuses every other name, so no caller can reach
 * outside the store. Implementations: a local directory (default, `DATA_DIR/uploads`) and an
 * S3-compatible bucket (storage/s3.ts) for many processes (docs/deployment.md).
 */
export interface ImageStore {
  /** stores the bytes under the name; storing the same name again only refreshes its time */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** the image (or the range of its bytes), or null when there is none by that name */
  get(name: string, range?: ByteRange): Promise<StoredImage | null>;
  /** size and time of an image without its bytes (a 304 or a Range needs no download), or null */
  stat(name: string): Promise<{ size: number; modifiedAt: number } | null>;
  /** true when something was removed */
  delete(name: string): Promise<boolean>;
  exists(name: string): Promise<boolean>;
  /** every stored image (originals only: renditions are not listed) */
  list(): Promise<ImageEntry[]>;
  /**
   * Renditions (issue 23): an original's resized / re-encoded copies, stored beside it under
   * `renditions/<name>/<variant>` (`variant`: RENDITION_VARIANT, e.g. `1280w-q75.webp`). `list` never names them;
   * `delete(name)` removes them with the original. Storing the same variant again is harmless (same bytes).
   */
  putRendition(name: string, variant: string, bytes: Buffer, contentType: string): Promise<void>;
  /** a stored rendition, or null */
  getRendition(name: string, variant: string): Promise<StoredImage | null>;
  /** true when the rendition is stored (a revalidation needs no download) */
  hasRendition(name: string, variant: string): Promise<boolean>;
  /** the variants stored for an original (tests, the sweep) */
  renditionsOf(name: string): Promise<string[]>;
  /** removes every rendition of an original; answers how many went */
  deleteRenditions(name: string): Promise<number>;
  /** the originals that have renditions stored (the unused-image sweep removes those whose original is gone) */
  renditionOwners(): Promise<string[]>;
  /** resolves when the store answers and can take writes (GET /readyz); rejects with the reason otherwise */
  check(): Promise<void>;
  /** lets go of connections (the app's close) */
  close?(): Promise<void>;
}

/** The store the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createImageStore(config: AppConfig): ImageStore {
  if (config.s3) return new S3ImageStore(config.s3);
  return new LocalImageStore(config.dataDir);
}

export { LocalImageStore, S3ImageStore };

/** hex characters of the content hash in a stored name */
export const HASH_CHARS = 32;

/** Stores bytes under their content-hash name (`<sha256 prefix>.<ext>`): the same bytes always get the same name. */
export async function storeByContent(store: ImageStore, bytes: Buffer, ext: string): Promise<string> {
  const name = `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, HASH_CHARS)}.${ext}`;
  await store.put(name, bytes, IMAGE_CONTENT_TYPES[ext as keyof typeof IMAGE_CONTENT_TYPES]);
  return name;
}
