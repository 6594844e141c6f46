import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { optDate, optFilter, paging } from '../validators.js';
import { IMAGE_ALT_MAX, imageAltSchema, imageMetaSchema } from './upload.js';

/**
 * 素材库 (media library, issue 26): every stored image once, with its facts, alt text and where it is used.
 * Reading the library and setting alt text are `session` calls open to whoever may upload images (the permission of
 * `/upload/upload`, checked by the handler), because every image slot picks from it; 替换 and 删除 are buttons of the
 * 素材库 screen.
 */
export const mediaEndpoints = defineEndpoints('media', {
  /** body: keyword (title, name or alt text), unused (1: only unused), resource (used by it), startTime, endTime, pageNumber, pageSize */
  page: { path: '/media/getMediaPage', kind: 'session', name: '素材库列表' },
  /** `?name=`: every record and field using the image */
  usage: { path: '/media/getMediaUsage', kind: 'session', name: '素材使用情况' },
  /** body: name, alt (and locale, for a content locale's alt text), title (the image's name in the library) */
  save: { path: '/media/saveMedia', kind: 'session', name: '保存素材信息' },
  /** multipart: name, file: the image's picture swapped, every reference kept */
  replace: { path: '/media/replaceMedia', kind: 'write', name: '替换素材', screen: 'MediaList' },
  /** body: names: refused (nothing deleted) while one is used, naming where */
  del: { path: '/media/delMedia', kind: 'write', name: '删除素材', screen: 'MediaList' },
});

/** at most this many names in one `/media/delMedia` */
export const MEDIA_DEL_MAX = 1000;

/** body of `/media/getMediaPage` */
export const mediaPageSchema = z.looseObject({
  ...paging,
  keyword: optFilter(100),
  unused: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
  resource: optFilter(40),
  startTime: optDate(),
  endTime: optDate(),
});
/** `?name=` of `/media/getMediaUsage` */
export const mediaUsageSchema = imageMetaSchema.pick({ name: true });
/** Longest title of an image (characters). */
export const MEDIA_TITLE_MAX = 100;

/** Code points, as PostgreSQL's varchar counts them (an emoji is one). */
const codePoints = (s: string) => [...s].length;

/**
 * An image's title from the name of the file uploaded: without its extension, trimmed, cut to MEDIA_TITLE_MAX
 * characters; null when nothing is left (`.jpg`, `   .png`, no name).
 */
export function mediaTitleOf(fileName: string | null | undefined): string | null {
  const base = (fileName ?? '').replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const title = [...(dot > 0 ? base.slice(0, dot) : base).trim()].slice(0, MEDIA_TITLE_MAX).join('').trim();
  return title || null;
}

/**
 * body of `/media/saveMedia`: as `/upload/saveImageAlt`, and `title` (the image's name in the library; absent: kept,
 * given: not empty, at most MEDIA_TITLE_MAX characters). With `title`, an absent `alt` keeps the alt text.
 */
export const mediaSaveSchema = imageAltSchema.extend({
  alt: z
    .union([z.string(), z.null()], { error: 'upload.altInvalid' })
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
    .refine((v) => v === undefined || codePoints(v) <= IMAGE_ALT_MAX, { message: 'upload.altTooLong', params: { max: IMAGE_ALT_MAX } }),
  title: z
    .union([z.string(), z.null()], { error: 'media.titleInvalid' })
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
    .refine((v) => v === undefined || v !== '', { message: 'media.titleRequired' })
    .refine((v) => v === undefined || codePoints(v) <= MEDIA_TITLE_MAX, {
      message: 'media.titleTooLong',
      params: { max: MEDIA_TITLE_MAX },
    }),
});
/** body of `/media/delMedia`: `names` (stored names or `/img/` URLs), or `unused: 1` for every unused image */
export const mediaDelSchema = z.object({
  names: z
    .array(z.union([z.string(), z.number()]), { error: 'media.namesRequired' })
    .optional()
    .default([])
    .refine((v) => v.length <= MEDIA_DEL_MAX, { message: 'media.tooMany', params: { max: MEDIA_DEL_MAX } }),
  unused: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});

/** one place an image is used */
export interface MediaUse {
  /** the resource's name (`news`), or `user` (an avatar), `recycle` (a record in the recycle bin) */
  resource: string;
  /** the record's id (a recycle-bin entry's id for `recycle`, the account's for `user`) */
  id: number;
  /** the field's name (`summaryImg`, `content`) */
  field: string;
  /** the record's title as its list shows it, when it has one */
  title?: string;
  /** the field's label in the request's language (`封面图`) */
  fieldLabel?: string;
  /** the resource's label in the request's language (`新闻`; `回收站` for `recycle`) */
  resourceLabel?: string;
  /** set when the use is in a content locale's translation of the record (`en`) */
  locale?: string;
  /** true when the use is in the record's pending draft (保存草稿 on a live record), not the record itself */
  draft?: boolean;
  /** for `recycle`: the resource the recycled record belongs to (`news`) */
  of?: string;
}

/** the reply data of `/media/delMedia` (refused with a 400 naming the uses while one is used) */
export interface MediaDelReply {
  removed: string[];
  /** `unused: 1`: images left (used, or younger than an hour) */
  kept?: number;
}

/** the reply data of `/media/replaceMedia`: the image under its new name, and how many references were rewritten */
export interface MediaReplaceReply {
  row: MediaRow;
  /** the old name */
  replaced: string;
  /** how many records (fields, drafts, translations, recycle bin, revisions) now point at the new file */
  records: number;
}

/** one row of `/media/getMediaPage` */
export interface MediaRow {
  /** the stored name: the content hash and extension (`045596e8….jpg`) */
  name: string;
  /** the name an operator gives it (from the uploaded file's name; null on images stored before: show `name`) */
  title: string | null;
  /** `/img/{name}` */
  url: string;
  bytes: number;
  width: number;
  height: number;
  format: string;
  uploader: string | null;
  uploadTime: string | null;
  alt: string;
  /** alt text per content locale (other than the default) */
  alts?: Record<string, string>;
  /** how many places use it (0: unused) */
  uses: number;
}

export const mediaMessages = defineMessages({
  zh: {
    'media.inUse': '图片正在被使用：{uses}',
    'media.inUseMore': '{uses} 等 {count} 处',
    'media.use': '{resource}“{title}”（{field}）',
    'media.sep': '、',
    'media.deleted': '已删除 {count} 张图片',
    'media.replaced': '图片已替换，{count} 条记录已指向新图片',
    'media.sameImage': '新图片与原图片相同，无需替换',
    'media.namesRequired': '请选择要删除的图片',
    'media.tooMany': '一次最多删除 {max} 张图片',
    'media.recycle': '回收站',
    'media.avatar': '头像',
    'media.user': '账号',
    'media.draft': '草稿',
    'media.titleRequired': '请填写图片名称',
    'media.titleTooLong': '图片名称不能超过 {max} 个字符',
    'media.titleInvalid': '图片名称必须是文本',
  },
  en: {
    'media.inUse': 'The image is in use: {uses}',
    'media.inUseMore': '{uses} and {count} places in all',
    'media.use': '{resource} "{title}" ({field})',
    'media.sep': '; ',
    'media.deleted': 'Deleted {count} images',
    'media.replaced': 'Image replaced; {count} records now show the new image',
    'media.sameImage': 'The new image is the same as the old one; nothing to replace',
    'media.namesRequired': 'Please choose the images to delete',
    'media.tooMany': 'At most {max} images can be deleted at once',
    'media.recycle': 'Recycle bin',
    'media.avatar': 'Avatar',
    'media.user': 'Account',
    'media.draft': 'Draft',
    'media.titleRequired': 'Please enter the image name',
    'media.titleTooLong': 'The image name must not exceed {max} characters',
    'media.titleInvalid': 'The image name must be text',
  },
  es: {
    'media.inUse': 'La imagen está en uso: {uses}',
    'media.inUseMore': '{uses} y {count} lugares en total',
    'media.use': '{resource} «{title}» ({field})',
    'media.sep': '; ',
    'media.deleted': 'Se han eliminado {count} imágenes',
    'media.replaced': 'Imagen reemplazada; {count} registros muestran ya la nueva imagen',
    'media.sameImage': 'La nueva imagen es igual a la anterior; no hay nada que reemplazar',
    'media.namesRequired': 'Elija las imágenes que desea eliminar',
    'media.tooMany': 'Como máximo se pueden eliminar {max} imágenes a la vez',
    'media.recycle': 'Papelera',
    'media.avatar': 'Avatar',
    'media.user': 'Cuenta',
    'media.draft': 'Borrador',
    'media.titleRequired': 'Introduzca el nombre de la imagen',
    'media.titleTooLong': 'El nombre de la imagen no puede superar {max} caracteres',
    'media.titleInvalid': 'El nombre de la imagen debe ser texto',
  },
});
