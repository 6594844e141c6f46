import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';

/**
 * Images and the rich-text editor's settings (SPEC point 7 "Images and editor").
 * Upload and delete are buttons (`write`) of the `upload` module, which every content role holds;
 * the editor settings are readable by any logged-in user. `/img/{name}` is served outside the API.
 */
export const uploadEndpoints = defineEndpoints('upload', {
  upload: { path: '/upload/upload', kind: 'write', name: '上传图片' },
  delImage: { path: '/upload/delImage', kind: 'write', name: '删除图片' },
  /** removes images no record references any more (admin only, checked by the handler) */
  cleanImages: { path: '/upload/cleanImages', kind: 'session', name: '清理未使用的图片' },
  /**
   * an image's pixel size, format, bytes and alt text; reading and setting the alt text needs the right to upload
   * (`/upload/upload`, checked by the handler, so every role that may upload may describe its images)
   */
  getImageMeta: { path: '/upload/getImageMeta', kind: 'session', name: '图片信息' },
  saveImageAlt: { path: '/upload/saveImageAlt', kind: 'session', name: '保存图片替代文字' },
  config: { path: '/config', kind: 'session', name: '富文本编辑器配置' },
  configGet: { path: '/config', method: 'GET', kind: 'session', name: '富文本编辑器配置' },
});

import { IMAGE_ALT_MAX } from '../form.js';

export { ALLOWED_IMAGE_TYPES, formatBytes, IMAGE_ALT_MAX, UPLOAD_FIELD } from '../form.js';

import { IMAGE_URL_PREFIX, imageNameOf } from '../list.js';

export { IMAGE_NAME_PATTERN, IMAGE_URL_PREFIX, imageNameOf, isImageName } from '../list.js';
/** Content type of each stored extension. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The URL of a stored image. */
export const imageUrl = (name: string): string => `${IMAGE_URL_PREFIX}${name}`;

/** Code points, as PostgreSQL's varchar counts them (an emoji is one). */
const charCount = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
/** An image as `/upload/getImageMeta` and `/upload/saveImageAlt` take it: a stored name or an `/img/` URL. */
const imageRef = () =>
  z
    .union([z.string(), z.number()], { error: 'v.imageUrl' })
    .transform((v) => imageNameOf(String(v)) ?? '')
    .refine((v) => v !== '', { message: 'v.imageUrl' });

/**
 * the content locale of the alt text (issue 24; CONTENT_LOCALES, checked by the server): absent or the default locale
 * = the image's own alt text as before; another locale = that locale's (the delivery API falls back to the default's)
 */
const altLocale = () =>
  z
    .union([z.string(), z.null()], { error: 'translation.localeUnknown' })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= 20, { message: 'translation.localeUnknown' });

export const imageMetaSchema = z.object({ name: imageRef(), locale: altLocale() });
export const imageAltSchema = z.object({
  name: imageRef(),
  locale: altLocale(),
  alt: z
    .union([z.string(), z.null()], { error: 'upload.altInvalid' })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => charCount(v) <= IMAGE_ALT_MAX, { message: 'upload.altTooLong', params: { max: IMAGE_ALT_MAX } }),
});

/** What `/upload/getImageMeta` answers (and `/upload/saveImageAlt` after the save). */
export interface ImageMeta {
  name: string;
  width: number;
  height: number;
  /** jpeg, png, gif or webp */
  format: string;
  bytes: number;
  /** frames: more than 1 for an animated GIF or WebP */
  frames: number;
  alt: string;
}

/**
 * Renditions (issue 23): `/img/{name}?w={width}&fm={format}&q={quality}`. `w` is one of the server's IMAGE_WIDTHS
 * (never past the original's width), `fm` one of these formats (absent: AVIF or WebP when the request's Accept
 * takes them, else the original's format), `q` 1–100 (absent: the format's default here; PNG and GIF are lossless).
 */
export const RENDITION_FORMATS = {
  avif: { ext: 'avif', contentType: 'image/avif', quality: 50 },
  webp: { ext: 'webp', contentType: 'image/webp', quality: 75 },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg', quality: 80 },
  png: { ext: 'png', contentType: 'image/png', quality: null },
  gif: { ext: 'gif', contentType: 'image/gif', quality: null },
} as const;
export type RenditionFormat = keyof typeof RENDITION_FORMATS;
/** the formats `fm` accepts (GIF is only ever the original's own) */
export const RENDITION_FM = ['webp', 'avif', 'jpeg', 'png'] as const;

/** The rich-text editor's server settings (`/config`). */
export interface EditorConfig {
  uploadUrl: string;
  imageUrlPrefix: string;
  maxBytes: number;
  allowedTypes: string[];
  fieldName: string;
}

/** The reply of `/upload/upload`: `msg` is the stored name (SPEC), `message` the human text. */
export interface UploadReply {
  code: number;
  msg: string;
  message: string;
  data: { name: string; url: string };
}

export const uploadMessages = defineMessages({
  zh: {
    'upload.ok': '上传成功',
    'upload.noFile': '请选择要上传的图片',
    'upload.empty': '上传的文件是空的，请重新选择',
    'upload.badType': '只支持 JPG、PNG、GIF、WEBP 格式的图片',
    'upload.invalid': '文件不是有效的图片',
    'upload.tooLarge': '图片大小不能超过 {limit}',
    'upload.tooManyPixels': '图片像素过多，请缩小后再上传',
    'upload.failed': '上传失败，请重试',
    'upload.imageNotFound': '图片不存在',
    'upload.stillUsed': '图片仍被其他记录使用，已保留',
    'upload.alreadyGone': '图片已不存在，无需删除',
    'upload.cleaned': '已清理 {count} 张未使用的图片',
    'upload.adminOnly': '只有管理员可以清理图片',
    'upload.badWidth': '图片宽度 w 只能是 {widths} 之一',
    'upload.badFormat': '图片格式 fm 只能是 webp、avif、jpeg 或 png',
    'upload.badQuality': '图片质量 q 必须是 1 到 100 之间的整数',
    'upload.altTooLong': '替代文字不能超过 {max} 个字符',
    'upload.altInvalid': '替代文字必须是文本',
    'upload.altSaved': '替代文字已保存',
    'upload.noUploadRight': '没有上传图片的权限，不能查看或修改图片的替代文字',
  },
  en: {
    'upload.ok': 'Uploaded successfully',
    'upload.noFile': 'Please choose an image to upload',
    'upload.empty': 'The file is empty; please choose another one',
    'upload.badType': 'Only JPG, PNG, GIF and WEBP images are supported',
    'upload.invalid': 'The file is not a valid image',
    'upload.tooLarge': 'The image must not exceed {limit}',
    'upload.tooManyPixels': 'The image has too many pixels; please make it smaller and upload it again',
    'upload.failed': 'Upload failed, please try again',
    'upload.imageNotFound': 'The image does not exist',
    'upload.stillUsed': 'The image is still used by another record and was kept',
    'upload.alreadyGone': 'The image no longer exists; nothing to delete',
    'upload.cleaned': 'Removed {count} unused images',
    'upload.adminOnly': 'Only administrators may clean up images',
    'upload.badWidth': 'The image width w must be one of {widths}',
    'upload.badFormat': 'The image format fm must be webp, avif, jpeg or png',
    'upload.badQuality': 'The image quality q must be a whole number from 1 to 100',
    'upload.altTooLong': 'The alt text must not exceed {max} characters',
    'upload.altInvalid': 'The alt text must be text',
    'upload.altSaved': 'Alt text saved',
    'upload.noUploadRight': 'You may not upload images, so you cannot read or change their alt text',
  },
  es: {
    'upload.ok': 'Subida correcta',
    'upload.noFile': 'Elija una imagen para subir',
    'upload.empty': 'El archivo está vacío; elija otro',
    'upload.badType': 'Solo se admiten imágenes JPG, PNG, GIF y WEBP',
    'upload.invalid': 'El archivo no es una imagen válida',
    'upload.tooLarge': 'La imagen no puede superar {limit}',
    'upload.tooManyPixels': 'La imagen tiene demasiados píxeles; redúzcala y súbala de nuevo',
    'upload.failed': 'La subida ha fallado, inténtelo de nuevo',
    'upload.imageNotFound': 'La imagen no existe',
    'upload.stillUsed': 'La imagen todavía la usa otro registro y se ha conservado',
    'upload.alreadyGone': 'La imagen ya no existe; no hay nada que borrar',
    'upload.cleaned': 'Se han eliminado {count} imágenes sin usar',
    'upload.adminOnly': 'Solo los administradores pueden limpiar imágenes',
    'upload.badWidth': 'El ancho de imagen w debe ser uno de {widths}',
    'upload.badFormat': 'El formato de imagen fm debe ser webp, avif, jpeg o png',
    'upload.badQuality': 'La calidad de imagen q debe ser un número entero de 1 a 100',
    'upload.altTooLong': 'El texto alternativo no puede superar {max} caracteres',
    'upload.altInvalid': 'El texto alternativo debe ser texto',
    'upload.altSaved': 'Texto alternativo guardado',
    'upload.noUploadRight': 'No puede subir imágenes, así que no puede ver ni cambiar su texto alternativo',
  },
});
