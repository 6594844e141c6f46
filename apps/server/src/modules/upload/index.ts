import multipart from '@fastify/multipart';
import {
  ALLOWED_IMAGE_TYPES,
  Code,
  type EditorConfig,
  formatBytes,
  httpStatusFor,
  IMAGE_CONTENT_TYPES,
  IMAGE_URL_PREFIX,
  imageNameOf,
  imageUrl,
  ROLES,
  UPLOAD_FIELD,
  type UploadReply,
  uploadEndpoints,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';
import { storeByContent } from '../../storage/index.js';
import { findReference, referencedNames } from './references.js';

/** Extensions by the type file-type reads from the magic bytes; APNG is a PNG. */
const EXT_OF_DETECTED: Record<string, string> = { jpg: 'jpg', png: 'png', apng: 'png', gif: 'gif', webp: 'webp' };
/** Decoding limit: about 50 megapixels (8660 × 5773) is more than a website image needs. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The sweep leaves images younger than this alone: they may belong to a record being edited right now. */
export const UNUSED_IMAGE_MIN_AGE_MS = 60 * 60_000;
/** Characters of the SHA-256 hex digest kept in a stored name (128 bits). */

/** Reads the single file of the request; the size limit comes from the configuration. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
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
  return bytes;
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

/** The image's real type from its magic bytes, and proof that it decodes completely. */
async function checkImage(bytes: Buffer): Promise<{ ext: string; contentType: string }> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected ? EXT_OF_DETECTED[detected.ext] : undefined;
  if (!ext) throw badRequest('upload.badType');
  try {
    // decodes every pixel: a truncated or forged file fails here (sharp loads on the first upload, not at start)
    const { default: sharp } = await import('sharp');
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch (e) {
    if (e instanceof Error && /pixel limit/i.test(e.message)) throw badRequest('upload.tooManyPixels');
    throw badRequest('upload.invalid');
  }
  return { ext, contentType: IMAGE_CONTENT_TYPES[ext] };
}

/** Images (SPEC point 7 "Images and editor"): upload, delete, the unused-image sweep and the editor's settings. */
export async function register(api: FastifyInstance, ctx: Ctx): Promise<void> {
  const maxBytes = ctx.config.uploadMaxBytes;
  await api.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30, fieldSize: 4096 } });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.upload,
    handler: async (_i, req, reply) => {
      try {
        const bytes = await readUpload(req, maxBytes);
        const { ext } = await checkImage(bytes);
        const name = await storeByContent(ctx.images, bytes, ext);
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
    handler: async (_i, req) => {
      const input = rawInput(req) as Record<string, unknown>;
      const ref = input.oldFileUrl;
      const name = typeof ref === 'string' || typeof ref === 'number' ? imageNameOf(String(ref)) : null;
      if (!name) throw badRequest('v.imageUrl');
      if (!(await ctx.images.exists(name))) throw notFound('upload.imageNotFound');
      const used = await findReference(ctx, name);
      if (used) {
        req.log.info({ event: 'image.kept', user: req.user?.userName, name, usedBy: used }, 'image still used, kept');
        return ok(req, { name, deleted: false }, 'upload.stillUsed');
      }
      await ctx.images.delete(name);
      req.log.info({ event: 'image.delete', user: req.user?.userName, name }, 'image deleted');
      return ok(req, { name, deleted: true }, 'common.deleted');
    },
  });

  addRoute(api, ctx, {
    endpoint: uploadEndpoints.cleanImages,
    handler: async (_i, req) => {
      if (!req.user?.roles.includes(ROLES.ADMIN)) throw new AppError(Code.FORBIDDEN, 'upload.adminOnly');
      const cutoff = ctx.now() - UNUSED_IMAGE_MIN_AGE_MS;
      const stored = await ctx.images.list();
      const used = await referencedNames(ctx);
      const removed: string[] = [];
      for (const img of stored) {
        if (img.modifiedAt >= cutoff || used.has(img.name)) continue;
        if (await ctx.images.delete(img.name)) removed.push(img.name);
      }
      removed.sort();
      req.log.info({ event: 'image.clean', user: req.user.userName, removed: removed.length }, 'unused images removed');
      return {
        code: Code.OK,
        msg: t(req, 'upload.cleaned', { count: removed.length }),
        data: { removed, kept: stored.length - removed.length },
      };
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
