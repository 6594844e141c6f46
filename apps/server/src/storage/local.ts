import crypto from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_CONTENT_TYPES, isImageName } from '@gk/contracts';
import type { ByteRange, ImageEntry, ImageStore, StoredImage } from './index.js';
import { isRenditionVariant, RENDITIONS_DIR, variantContentType } from './rendition-names.js';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Images as files in one directory (`DATA_DIR/uploads`), written atomically (temporary file, then rename); the
 * renditions of an original in `renditions/<name>/` beside them.
 */
export class LocalImageStore implements ImageStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** The file of a valid image name; anything else is refused before it comes near the file system. */
  private fileOf(name: string): string {
    if (typeof name !== 'string' || !isImageName(name)) throw new Error(`invalid image name: ${JSON.stringify(name)}`);
    const file = path.join(this.root, name);
    if (path.dirname(file) !== this.root) throw new Error(`invalid image name: ${JSON.stringify(name)}`);
    return file;
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    if (IMAGE_CONTENT_TYPES[ext] !== contentType) throw new Error(`content type ${contentType} does not match ${name}`);
    if (await this.exists(name)) {
      // same name = same bytes: only mark it as freshly used
      const now = new Date();
      await fs.utimes(file, now, now);
      return;
    }
    await writeAtomically(this.root, file, bytes);
  }

  async get(name: string, range?: ByteRange): Promise<StoredImage | null> {
    if (!isImageName(name)) return null;
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return openImage(this.fileOf(name), IMAGE_CONTENT_TYPES[ext], range);
  }

  /** the folder of an original's renditions, or of one of them */
  private renditionFileOf(name: string, variant?: string): string {
    if (typeof name !== 'string' || !isImageName(name)) throw new Error(`invalid image name: ${JSON.stringify(name)}`);
    if (variant !== undefined && !isRenditionVariant(variant)) throw new Error(`invalid rendition: ${JSON.stringify(variant)}`);
    const dir = path.join(this.root, RENDITIONS_DIR, name);
    return variant === undefined ? dir : path.join(dir, variant);
  }

  async putRendition(name: string, variant: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.renditionFileOf(name, variant);
    if (variantContentType(variant) !== contentType) throw new Error(`content type ${contentType} does not match ${variant}`);
    try {
      if ((await fs.stat(file)).isFile()) return;
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true });
    await writeAtomically(dir, file, bytes);
  }

  async getRendition(name: string, variant: string): Promise<StoredImage | null> {
    if (!isImageName(name) || !isRenditionVariant(variant)) return null;
    return openImage(this.renditionFileOf(name, variant), variantContentType(variant));
  }

  async hasRendition(name: string, variant: string): Promise<boolean> {
    if (!isImageName(name) || !isRenditionVariant(variant)) return false;
    try {
      return (await fs.stat(this.renditionFileOf(name, variant))).isFile();
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async renditionsOf(name: string): Promise<string[]> {
    if (!isImageName(name)) return [];
    try {
      return (await fs.readdir(this.renditionFileOf(name))).filter(isRenditionVariant).sort();
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
  }

  async deleteRenditions(name: string): Promise<number> {
    const n = (await this.renditionsOf(name)).length;
    if (isImageName(name)) await fs.rm(this.renditionFileOf(name), { recursive: true, force: true });
    return n;
  }

  async renditionOwners(): Promise<string[]> {
    try {
      return (await fs.readdir(path.join(this.root, RENDITIONS_DIR))).filter(isImageName);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
  }

  /** the original and its renditions (renditions first: a crash in between leaves an original that can make them again) */
  async delete(name: string): Promise<boolean> {
    if (!isImageName(name)) return false;
    await this.deleteRenditions(name);
    try {
      await fs.unlink(this.fileOf(name));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async stat(name: string): Promise<{ size: number; modifiedAt: number } | null> {
    if (!isImageName(name)) return null;
    try {
      const st = await fs.stat(this.fileOf(name));
      return st.isFile() ? { size: st.size, modifiedAt: st.mtimeMs } : null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.stat(name)) != null;
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fsConstants.W_OK | fsConstants.R_OK);
  }

  async list(): Promise<ImageEntry[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const out: ImageEntry[] = [];
    for (const name of names) {
      if (!isImageName(name)) continue;
      try {
        const st = await fs.stat(path.join(this.root, name));
        if (st.isFile()) out.push({ name, size: st.size, modifiedAt: st.mtimeMs });
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    }
    return out;
  }
}

/** writes `file` through a temporary file in `dir` and a rename, so no reader ever sees half of it */
async function writeAtomically(dir: string, file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
  try {
    await fs.writeFile(tmp, bytes, { mode: 0o644 });
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/** a file ready to stream (or a range of it), or null when there is none */
async function openImage(file: string, contentType: string, range?: ByteRange): Promise<StoredImage | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      return null;
    }
    return {
      body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
      contentType,
      size: st.size,
      modifiedAt: st.mtimeMs,
    };
  } catch (e) {
    await handle.close();
    throw e;
  }
}
