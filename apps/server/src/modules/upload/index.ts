import multipart from '@fastify/multipart';
import {
  ALLOWED_IMAGE_TYPES,
  Code,
  type EditorConfig,
  formatBytes,
  httpStatusFor,
  IMAGE_CONTENT_TYPES,
  IMAGE_URL_PREFIX,
  imageAltSchema,
  imageMetaSchema,
  imageNameOf,
  imageUrl,
  mediaTitleOf,
  ROLES,
  UPLOAD_FIELD,
  type UploadReply,
  uploadEndpoints,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { FairQueue, ownerOf } from '../../http/fair-queue.js';
import { ok, t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { storeByContent } from '../../storage/index.js';
import { findReference, referencedNames } from '../../storage/references.js';
import { ensureImageMeta, type ImageFacts, loadSharp, localeAlt, recordImageMeta, removeImages, saveLocaleAlt } from './image-meta.js';

/** what the delivery API reads of the images (another module reaches them through this file) */
export {
  ensureImageMeta,
  type ImageFacts,
  type ImageOrigin,
  type ImageSize,
  imageMetaOf,
  loadSharp,
  readImageFacts,
  recordImageMeta,
  removeImages,
  saveLocaleAlt,
  srcsetOf,
} from './image-meta.js';

/** Extensions by the type file-type reads from the magic bytes; APNG is a PNG. */
const EXT_OF_DETECTED: Record<string, string> = { jpg: 'jpg', png: 'png', apng: 'png', gif: 'gif', webp: 'webp' };
/** The sweep leaves images younger than this alone: they may belong to a record being edited right now. */
export const UNUSED_IMAGE_MIN_AGE_MS = 60 * 60_000;
/** Characters of the SHA-256 hex digest kept in a stored name (128 bits). */

/**
 * Reads the single file of the request, its file name as sent ('' when none) and the plain fields sent before it
 * (`name` of 替换); the size limit comes from the configuration.
 */
export async function readUploadWithFields(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; fields: Record<string, string>; fileName: string }> {
  if (!req.isMultipart()) throw badRequest('upload.noFile');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30, fieldSize: 4096 } });
  } catch (e) {
    throw uploadError(e, maxBytes);
  }
  if (!part) throw badRequest('upload.noFile');
  if (part.fieldname !== UPLOAD_FIELD) {
    part.file.resume();
    throw badRequest('upload.noFile');
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    throw uploadError(e, maxBytes);
  }
  if (part.file.truncated) throw tooLarge(maxBytes);
  if (bytes.length === 0) throw badRequest('upload.empty');
  const fields: Record<string, string> = {};
  for (const [key, f] of Object.entries(part.fields ?? {})) {
    const one = Array.isArray(f) ? f[0] : f;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[key] = one.value;
  }
  return { bytes, fields, fileName: part.filename ?? '' };
}

const tooLarge = (maxBytes: number) => new AppError(Code.TOO_LARGE, 'upload.tooLarge', { limit: formatBytes(maxBytes) });

function uploadError(e: unknown, maxBytes: number): unknown {
  const code = (e as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('upload.noFile');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('upload.noFile');
  if (e instanceof Error && /multipart|part terminated|unexpected end/i.test(e.message)) return badRequest('upload.noFile');
  return e;
}

/**
 * Decoding is bounded twice: by pixels (UPLOAD_MAX_PIXELS, read from the header before any decoding: 413)
 * and by how many are checked at once (UPLOAD_DECODE_CONCURRENCY; beyond that UPLOAD_DECODE_QUEUE wait, and
 * the next are refused with 429 at once), so a burst of huge images cannot take the memory or every core.
 * The slots and the waiting room are shared fairly between accounts (http/fair-queue.ts): accounts that wait
 * are served in turn, and when the room is full an upload of another account takes the place of the newest
 * waiting upload of the account holding the most, so one uploader's flood cannot keep everyone else's
 * uploads failing.
 */
export class ImageChecker {
  private readonly queue: FairQueue;

  constructor(
    private readonly maxPixels: number,
    concurrency: number,
    queue: number,
  ) {
    this.queue = new FairQueue({
      slots: Math.max(1, concurrency),
      maxWaiting: Math.max(0, queue),
      full: () => new AppError(Code.TOO_MANY, 'upload.busy'),
    });
  }

  /**
   * The image's real type from its magic bytes, and proof that it decodes completely. `owner` (`ownerOf(req)`):
   * whose upload it is. Admitted or refused (429) at once, when called.
   */
  check(bytes: Buffer, owner = 'system'): Promise<{ ext: string; contentType: string; facts: ImageFacts }> {
    return this.queue.run(owner, () => this.checkNow(bytes));
  }

  private async checkNow(bytes: Buffer): Promise<{ ext: string; contentType: string; facts: ImageFacts }> {
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(bytes);
    const ext = detected ? EXT_OF_DETECTED[detected.ext] : undefined;
    if (!ext) throw badRequest('upload.badType');
    // sharp loads on the first upload, not at start
    const sharp = await loadSharp();
    let meta: { width?: number; height?: number; pages?: number; format?: string; autoOrient?: { width: number; height: number } };
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw badRequest('upload.invalid');
    }
    const pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
    if (pixels > this.maxPixels) throw new AppError(Code.TOO_LARGE, 'upload.tooManyPixelsLimit', { limit: this.maxPixels });
    try {
      // decodes every pixel: a truncated or forged file fails here
      await sharp(bytes, { failOn: 'truncated', limitInputPixels: this.maxPixels }).stats();
    } catch (e) {
      if (e instanceof Error && /pixel limit/i.test(e.message)) throw badRequest('upload.tooManyPixels');
      throw badRequest('upload.invalid');
    }
    const facts: ImageFacts = {
      width: meta.autoOrient?.width ?? meta.width ?? 0,
      height: meta.autoOrient?.height ?? meta.height ?? 0,
      format: meta.format ?? ext,
      frames: Math.max(1, meta.pages ?? 1),
    };
    return { ext, contentType: IMAGE_CONTENT_TYPES[ext], facts };
  }

  /** uploads being checked and waiting to be (for the metrics) */
  get load(): { checking: number; waiting: number } {
    const { running, waiting } = this.queue.load;
    return { checking: running, waiting };
  }
}

/** A store that cannot take the write (disk full, read-only, no permission, bucket unreachable) as its clear reply. */
export function storeError(e: unknown): AppError | null {
  const code = (e as { code?: string })?.code;
  const name = (e as { name?: string })?.name;
  if (code === 'ENOSPC' || code === 'EDQUOT' || name === 'EntityTooLarge' || name === 'QuotaExceeded')
    return new AppError(507, 'upload.storeFull');
  if (
    code === 'EROFS' ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    name === 'AccessDenied' ||
    name === 'InvalidAccessKeyId' ||
    name === 'SignatureDoesNotMatch'
  )
    return new AppError(503, 'upload.storeReadOnly');
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'ENOTFOUND' || code === 'EIO' || name === 'NoSuchBucket') {
    return new AppError(503, 'upload.storeUnavailable');
  }
  return null;
}

/** Runs a store call; a store that cannot answer becomes its clear reply (storeError), never a bare 500. */
export async function fromStore<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    req.log.error({ event: 'image.storeFailed', err: e }, 'image store failed');
    throw storeError(e) ?? new AppError(503, 'upload.storeUnavailable');
  }
}

/** reading the library and setting alt text: whoever may upload images (the permission of `/upload/upload`) */
export function mayDescribeImages(req: FastifyRequest): void {
  const user = req.user;
  if (!user) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  if (user.mustChangePassword) throw new AppError(Code.FORBIDDEN, 'profile.mustChange');
  if (!may(user, uploadEndpoints.upload.path)) {
    req.log.warn({ event: 'permission.refused', user: user.userName, path: uploadEndpoints.upload.path }, 'permission refused');
    throw new AppError(Code.FORBIDDEN, 'upload.noUploadRight');
  }
}

/**
 * the content locale an alt-text call names (issue 24): null for none or the default locale (the image's own alt
 * text, `image_meta.alt`), else another of CONTENT_LOCALES (its row in `image_alt`); any other value is a 400
 */
export function altLocaleIn(ctx: Ctx, locale: string): string | null {
  if (!locale) return null;
  const known = ctx.config.contentLocales.find((l) => l.toLowerCase() === locale.toLowerCase());
  if (!known) throw new AppError(Code.BAD_REQUEST, 'translation.localeUnknown');
  return known === ctx.config.contentLocales[0] ? null : known;
}

const checkers = new WeakMap<Ctx, ImageChecker>();

/** the one image checker of an app: uploads and 替换 share its slots */
export function imageCheckerOf(ctx: Ctx): ImageChecker {
  let c = checkers.get(ctx);
  if (!c) {
    c = new ImageChecker(ctx.config.uploadMaxPixels, ctx.config.uploadDecodeConcurrency, ctx.config.uploadDecodeQueue);
    checkers.set(ctx, c);
  }
  return c;
}

/**
 * The unused-image sweep (/upload/cleanImages, the library's 删除所有未使用): removes every stored image nothing uses
 * (storage/references.ts decides) that is older than `minAgeMs` (it may belong to a record being edited right now),
 * with its renditions and rows, and renditions whose original is gone. Answers the names removed and how many stayed.
 */
export async function sweepUnusedImages(ctx: Ctx, req: FastifyRequest, minAgeMs: number): Promise<{ removed: string[]; kept: number }> {
  const cutoff = ctx.now() - minAgeMs;
  const stored = await fromStore(req, () => ctx.images.list());
  const used = await referencedNames(ctx);
  const unused = stored.filter((img) => img.modifiedAt < cutoff && !used.has(img.name)).map((img) => img.name);
  const removed = await fromStore(req, () => removeImages(ctx, unused));
  // renditions whose original is gone (a delete that crashed half-way, or raced a render)
  const originals = new Set(stored.map((i) => i.name));
  for (const owner of await fromStore(req, () => ctx.images.renditionOwners())) {
    if (!originals.has(owner)) await fromStore(req, () => ctx.images.deleteRenditions(owner));
  }
  removed.sort();
  return { removed, kept: stored.length - removed.length };
}

/** Images (SPEC point 7 "Images and editor"): upload, delete, the unused-image sweep and the editor's settings. */
export async function register(api: FastifyInstance, ctx: Ctx): Promise<void> {
  const maxBytes = ctx.config.uploadMaxBytes;
  const checker = imageCheckerOf(ctx);
  await api.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30, fieldSize: 4096 } });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.upload,
    handler: async (_i, req, reply) => {
      try {
        const { bytes, fileName } = await readUploadWithFields(req, maxBytes);
        const { ext, facts } = await checker.check(bytes, ownerOf(req));
        let name: string;
        try {
          name = await storeByContent(ctx.images, bytes, ext);
        } catch (e) {
          req.log.error({ event: 'image.storeFailed', err: e }, 'image store refused the write');
          throw storeError(e) ?? new AppError(503, 'upload.storeUnavailable');
        }
        // its size for the delivery API, its title for the library (the same bytes again keep the first title); a row
        // that fails to write now is made when first asked for
        const origin = { uploader: req.user?.userName ?? null, title: mediaTitleOf(fileName) };
        await recordImageMeta(ctx, name, facts, bytes.length, origin).catch((err) =>
          req.log.warn({ event: 'image.metaFailed', err, name }, 'image size not recorded'),
        );
        req.log.info({ event: 'image.upload', user: req.user?.userName, name, size: bytes.length }, 'image uploaded');
        const done: UploadReply = { code: Code.OK, msg: name, message: t(req, 'upload.ok'), data: { name, url: imageUrl(name) } };
        return done;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // the upload slots show a failed upload's `message` (SPEC point 8), other screens its `msg`: both carry it
        const msg = t(req, e.key, e.params);
        return reply.status(httpStatusFor(e.code)).send({ code: e.code, msg, message: msg });
      }
    },
  });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.delImage,
    doc: z.object({ oldFileUrl: z.string().describe('the image: a stored name, an /img/ URL or a full URL') }),
    handler: async (_i, req) => {
      const input = rawInput(req) as Record<string, unknown>;
      const ref = input.oldFileUrl;
      const name = typeof ref === 'string' || typeof ref === 'number' ? imageNameOf(String(ref)) : null;
      if (!name) throw badRequest('v.imageUrl');
      // a file already gone: nothing to do, and the client may blank its field (never a 404 that blocks it)
      if (!(await fromStore(req, () => ctx.images.exists(name)))) return ok(req, { name, deleted: false }, 'upload.alreadyGone');
      const used = await findReference(ctx.db, name);
      if (used) {
        req.log.info({ event: 'image.kept', user: req.user?.userName, name, usedBy: used }, 'image still used, kept');
        return ok(req, { name, deleted: false }, 'upload.stillUsed');
      }
      await fromStore(req, () => removeImages(ctx, [name]));
      req.log.info({ event: 'image.delete', user: req.user?.userName, name }, 'image deleted');
      return ok(req, { name, deleted: true }, 'common.deleted');
    },
  });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.cleanImages,
    handler: async (_i, req) => {
      if (!req.user?.roles.includes(ROLES.ADMIN)) throw new AppError(Code.FORBIDDEN, 'upload.adminOnly');
      const { removed, kept } = await sweepUnusedImages(ctx, req, UNUSED_IMAGE_MIN_AGE_MS);
      req.log.info({ event: 'image.clean', user: req.user.userName, removed: removed.length }, 'unused images removed');
      return {
        code: Code.OK,
        msg: t(req, 'upload.cleaned', { count: removed.length }),
        data: { removed, kept },
      };
    },
  });

  const mayDescribe = mayDescribeImages;
  const metaOrNotFound = async (req: FastifyRequest, name: string) => {
    const meta = await fromStore(req, () => ensureImageMeta(ctx, name));
    if (!meta) throw new AppError(Code.NOT_FOUND, 'upload.imageNotFound');
    return meta;
  };

  const altLocaleOf = (locale: string) => altLocaleIn(ctx, locale);

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.getImageMeta,
    doc: imageMetaSchema,
    handler: async (_i, req) => {
      mayDescribe(req);
      const input = parseInput(imageMetaSchema, rawInput(req));
      const locale = altLocaleOf(input.locale);
      const meta = await metaOrNotFound(req, input.name);
      return ok(req, locale ? { ...meta, alt: await localeAlt(ctx.db, input.name, locale) } : meta);
    },
  });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.saveImageAlt,
    doc: imageAltSchema,
    handler: async (_i, req) => {
      mayDescribe(req);
      const { name, alt, ...input } = parseInput(imageAltSchema, rawInput(req));
      const locale = altLocaleOf(input.locale);
      const meta = await metaOrNotFound(req, name);
      if (locale) await saveLocaleAlt(ctx.db, name, locale, alt);
      else await ctx.db.updateTable('image_meta').set({ alt }).where('name', '=', name).execute();
      req.log.info({ event: 'image.alt', user: req.user?.userName, name, ...(locale ? { locale } : {}) }, 'image alt text saved');
      return ok(req, { ...meta, alt }, 'upload.altSaved');
    },
  });

  for (const endpoint of [uploadEndpoints.config, uploadEndpoints.configGet]) {
    addRoute(api, ctx, {
      endpoint,
      handler: async (_i, req) => {
        const data: EditorConfig = {
          uploadUrl: `${ctx.config.apiPrefix}${uploadEndpoints.upload.path}`,
          imageUrlPrefix: IMAGE_URL_PREFIX,
          maxBytes,
          allowedTypes: [...ALLOWED_IMAGE_TYPES],
          fieldName: UPLOAD_FIELD,
        };
        return ok(req, data);
      },
    });
  }
}
