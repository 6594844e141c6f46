import type { ImageStore } from './index.js';

export interface CopyReport {
  copied: number;
  skipped: number;
  total: number;
}

/**
 * Copies every image of one store into another (local folder → bucket, or back). Idempotent: an image
 * the target already holds with the same size is skipped (names are content hashes, so same name and size
 * is the same image). `progress` hears of each one.
 */
export async function copyImages(
  from: ImageStore,
  to: ImageStore,
  progress: (done: number, total: number, name: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<CopyReport> {
  const source = await from.list();
  source.sort((a, b) => a.name.localeCompare(b.name));
  const present = new Map((await to.list()).map((e) => [e.name, e.size]));
  const report: CopyReport = { copied: 0, skipped: 0, total: source.length };
  for (const [i, entry] of source.entries()) {
    if (present.get(entry.name) === entry.size) {
      report.skipped++;
      progress(i + 1, source.length, entry.name, 'skipped');
      continue;
    }
    const img = await from.get(entry.name);
    if (!img) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of img.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    await to.put(entry.name, Buffer.concat(chunks), img.contentType);
    report.copied++;
    progress(i + 1, source.length, entry.name, 'copied');
  }
  return report;
}
