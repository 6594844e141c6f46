import crypto from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_CONTENT_TYPES, isImageName } from '@gk/contracts';
import type { ByteRange, ImageEntry, ImageStore, StoredImage } from './index.js';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Images as files in one directory (`DATA_DIR/uploads`), written atomically (temporary file, then rename). */
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
    await fs.mkdir(this.root, { recursive: true });
    const tmp = path.join(this.root, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
    try {
      await fs.writeFile(tmp, bytes, { mode: 0o644 });
      await fs.rename(tmp, file);
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async get(name: string, range?: ByteRange): Promise<StoredImage | null> {
    if (!isImageName(name)) return null;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(name), 'r');
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
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return {
        body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        contentType: IMAGE_CONTENT_TYPES[ext],
        size: st.size,
        modifiedAt: st.mtimeMs,
      };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async delete(name: string): Promise<boolean> {
    if (!isImageName(name)) return false;
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
