import { RENDITION_FM, RENDITION_FORMATS, type RenditionFormat } from '@gk/contracts';
import { AppError, badRequest } from '../../http/errors.js';
import { FairQueue } from '../../http/fair-queue.js';
import type { ImageStore } from '../../storage/index.js';
import { loadSharp, readOriginal } from './image-meta.js';

/**
 * Renditions (issue 23): `/img/{name}?w=&fm=&q=` asks for an original resized to one of IMAGE_WIDTHS and / or
 * re-encoded. Each is made by sharp once, stored beside its original (`renditions/<name>/<variant>`, storage/) and
 * served from there for ever after; requests for one not made yet wait for the one render in flight.
 */

/** What a query asks for; null fields were not given. */
export interface RenditionAsk {
  w: number | null;
  fm: RenditionFormat | null;
  q: number | null;
}

const one = (v: unknown): string | null | undefined => (v === undefined ? undefined : typeof v === 'string' ? v : null);

/**
 * The rendition a query asks for, null when it asks for none (no `w`, `fm` or `q`: the original, as ever), or a
 * 400 naming what is wrong. Each value is a short, fixed-form string (no pattern runs over long input).
 */
export function renditionAsk(query: Record<string, unknown> | undefined, widths: readonly number[]): RenditionAsk | null {
  const q = query ?? {};
  const w = one(q.w);
  const fm = one(q.fm);
  const quality = one(q.q);
  if (w === undefined && fm === undefined && quality === undefined) return null;
  const ask: RenditionAsk = { w: null, fm: null, q: null };
  if (w !== undefined) {
    const n = w !== null && w.length <= 5 && /^\d+$/.test(w) ? Number(w) : Number.NaN;
    if (!widths.includes(n)) throw badRequest('upload.badWidth', { widths: widths.join(', ') });
    ask.w = n;
  }
  if (fm !== undefined) {
    if (fm === null || !(RENDITION_FM as readonly string[]).includes(fm)) throw badRequest('upload.badFormat');
    ask.fm = fm as RenditionFormat;
  }
  if (quality !== undefined) {
    const n = quality !== null && quality.length <= 3 && /^\d+$/.test(quality) ? Number(quality) : Number.NaN;
    if (!(n >= 1 && n <= 100)) throw badRequest('upload.badQuality');
    ask.q = n;
  }
  return ask;
}

/** sharp's name of each stored format */
const FORMAT_OF: Record<string, RenditionFormat> = { jpeg: 'jpeg', jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** The media types an Accept header names with a quality above 0 (wildcards do not count: `*\/*` promises no AVIF). */
function accepted(accept: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!accept) return out;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    out.add(type.trim().toLowerCase());
  }
  return out;
}

/** The format to send when `fm` is absent: AVIF if the client takes it, else WebP if it does, else the original's. */
export function negotiatedFormat(accept: string | undefined, originalFormat: string): RenditionFormat {
  const types = accepted(accept);
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return FORMAT_OF[originalFormat] ?? 'jpeg';
}

/** One rendition to make: its width, format and quality (null for the lossless formats), and its stored variant. */
export interface RenditionSpec {
  width: number;
  format: RenditionFormat;
  quality: number | null;
  /** `1280w-q75.webp` (storage/rendition-names.ts) */
  variant: string;
  contentType: string;
}

/** The rendition of an original `originalWidth` pixels wide in `format`: never wider than the original. */
export function renditionSpec(ask: RenditionAsk, format: RenditionFormat, originalWidth: number): RenditionSpec {
  const f = RENDITION_FORMATS[format];
  const width = Math.min(ask.w ?? originalWidth, originalWidth);
  const quality = f.quality === null ? null : (ask.q ?? f.quality);
  return { width, format, quality, variant: `${width}w${quality === null ? '' : `-q${quality}`}.${f.ext}`, contentType: f.contentType };
}

/** Resizes and encodes an original; EXIF orientation is applied (the rendition carries no metadata). */
export async function render(original: Buffer, spec: RenditionSpec, maxPixels: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const img = sharp(original, { limitInputPixels: maxPixels }).autoOrient().resize({ width: spec.width, withoutEnlargement: true });
  const quality = spec.quality ?? undefined;
  switch (spec.format) {
    case 'avif':
      return img.avif({ quality }).toBuffer();
    case 'webp':
      return img.webp({ quality }).toBuffer();
    case 'jpeg':
      return img.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      return img.png({ compressionLevel: 9 }).toBuffer();
    case 'gif':
      return img.gif().toBuffer();
  }
}

/** renders waiting at most; past that a request is answered 503 (try again) at once */
const RENDER_QUEUE = 100;

/**
 * Makes renditions: each (original, variant) once per process at a time — concurrent asks share the render in
 * flight — through sharp (libuv's threads, off the event loop) in at most `slots` at once, shared fairly between
 * clients (http/fair-queue.ts). The result is stored before it is answered; two processes making the same one
 * store the same bytes under the same key, which is harmless.
 */
export class Renditions {
  private readonly queue: FairQueue;
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  /** renditions made by this process (tests, metrics) */
  made = 0;

  constructor(
    private readonly images: ImageStore,
    private readonly maxPixels: number,
    slots: number,
  ) {
    this.queue = new FairQueue({ slots, maxWaiting: RENDER_QUEUE, full: () => new AppError(503, 'upload.busy') });
  }

  /** the rendition's bytes, made and stored now (or by the request already making it); null when the original is gone */
  make(name: string, spec: RenditionSpec, owner: string): Promise<Buffer | null> {
    const key = `${name}/${spec.variant}`;
    let p = this.inFlight.get(key);
    if (!p) {
      p = this.queue
        .run(owner, async () => {
          const original = await readOriginal(this.images, name);
          if (!original) return null;
          const bytes = await render(original, spec, this.maxPixels);
          await this.images.putRendition(name, spec.variant, bytes, spec.contentType);
          this.made++;
          return bytes;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, p);
    }
    return p;
  }

  get load(): { rendering: number; waiting: number } {
    const { running, waiting } = this.queue.load;
    return { rendering: running, waiting };
  }
}
