import { defineEndpoints } from '../endpoints.js';

/**
 * 素材库 (media library, issue 26): every stored image once, with its facts, alt text and where it is used.
 * Reading the library and setting alt text are `session` calls open to whoever may upload images (the permission of
 * `/upload/upload`, checked by the handler), because every image slot picks from it; 替换 and 删除 are buttons of the
 * 素材库 screen.
 */
export const mediaEndpoints = defineEndpoints('media', {
  /** body: keyword (name or alt text), unused (1: only unused), resource (used by it), startTime, endTime, pageNumber, pageSize */
  page: { path: '/media/getMediaPage', kind: 'session', name: '素材库列表' },
  /** `?name=`: every record and field using the image */
  usage: { path: '/media/getMediaUsage', kind: 'session', name: '素材使用情况' },
  /** body: name, alt (and locale, for a content locale's alt text) */
  save: { path: '/media/saveMedia', kind: 'session', name: '保存素材信息' },
  /** multipart: name, file: the image's picture swapped, every reference kept */
  replace: { path: '/media/replaceMedia', kind: 'write', name: '替换素材', screen: 'MediaList' },
  /** body: names: refused (nothing deleted) while one is used, naming where */
  del: { path: '/media/delMedia', kind: 'write', name: '删除素材', screen: 'MediaList' },
});

/** one place an image is used */
export interface MediaUse {
  /** the resource's name (`news`), or `user` (an avatar), `recycle` (a record in the recycle bin) */
  resource: string;
  id: number;
  /** the field's name (`summaryImg`, `content`) */
  field: string;
  /** the record's title as its list shows it, when it has one */
  title?: string;
}

/** one row of `/media/getMediaPage` */
export interface MediaRow {
  name: string;
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
