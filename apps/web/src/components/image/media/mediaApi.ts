import { type MediaRow, type MediaUse, mediaEndpoints, menuTree, type PageReply, type Reply, uploadEndpoints } from '@gk/contracts';
import { post } from '../../../api/request';
import { sendForm } from '../../../api/sendForm';

/**
 * The calls of the 素材库 (issue 26, contracts resources/media.ts), shared by the library screen and the picker
 * every image slot and the editor's image dialog open. Both load on demand, and so does this module.
 */
export interface MediaQuery {
  keyword?: string;
  /** 1: only images no record uses */
  unused?: 0 | 1;
  resource?: string;
  startTime?: string;
  endTime?: string;
  pageNumber: number;
  pageSize: number;
}

export const mediaKey = (q: MediaQuery) => ['media', q] as const;

/** a use as the server may describe it further (labels in the request's language, a translation's locale, a draft) */
export type MediaUseShown = MediaUse & { fieldLabel?: string; resourceLabel?: string; locale?: string; draft?: boolean };

export async function fetchMediaPage(q: MediaQuery, signal?: AbortSignal): Promise<{ rows: MediaRow[]; total: number }> {
  const body = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== 0 && v !== null));
  const reply = await post<PageReply<MediaRow>>(mediaEndpoints.page.path, { ...body, pageNumber: q.pageNumber }, { signal });
  return { rows: reply.rows ?? [], total: reply.total ?? 0 };
}

export async function fetchMediaUsage(name: string, signal?: AbortSignal): Promise<MediaUseShown[]> {
  const reply = await post<Reply<MediaUseShown[]>>(mediaEndpoints.usage.path, undefined, { params: { name }, signal });
  return reply.data ?? [];
}

/**
 * the image's title and/or alt text (of the default content locale: no `locale`, or of another one); what the call
 * leaves out stays as it is (an absent alt text is kept only when the title is sent: the server's rule)
 */
export function saveMedia(name: string, change: { alt?: string; title?: string; locale?: string }): Promise<Reply<MediaRow>> {
  const { locale, ...rest } = change;
  return post<Reply<MediaRow>>(mediaEndpoints.save.path, { name, ...rest, ...(locale ? { locale } : {}) });
}

/** the name an image is shown by: its title, else its stored name (images stored before titles existed) */
export const mediaTitle = (row: Pick<MediaRow, 'name' | 'title'>) => row.title || row.name;

/** deletes images; quiet: the caller shows the refusal (it names where an image is used) in a dialog */
export function deleteMedia(names: string[]): Promise<Reply> {
  return post<Reply>(mediaEndpoints.del.path, { names }, { quiet: true });
}

/** 删除所有未使用: the server deletes every image no record uses (`unused: 1`; it keeps the ones just uploaded) */
export function deleteUnusedMedia(): Promise<Reply> {
  return post<Reply>(mediaEndpoints.del.path, { unused: 1 }, { quiet: true });
}

/** a multipart POST with upload progress (api/sendForm.ts) */
export const sendWithProgress = <T = Reply>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> =>
  sendForm<T>(path, form, { onUploadProgress: onProgress });

export function uploadToLibrary(file: File, onProgress?: (percent: number) => void): Promise<Reply<{ name: string; url: string }>> {
  const fd = new FormData();
  fd.append('file', file);
  return sendWithProgress(uploadEndpoints.upload.path, fd, onProgress);
}

/** the image under its new name (the file is stored by content), and how many records now point at it */
export function replaceMedia(
  name: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<Reply<{ row?: MediaRow; replaced?: string; records?: number }>> {
  const fd = new FormData();
  fd.append('name', name);
  fd.append('file', file);
  return sendWithProgress(mediaEndpoints.replace.path, fd, onProgress);
}

/** `/img/{name}?w=320`: the grid's thumbnail rendition */
export const thumbOf = (row: Pick<MediaRow, 'url'>, w = 320) => `${row.url}${row.url.includes('?') ? '&' : '?'}w=${w}`;

/**
 * Where a use of an image opens: the record's details screen (the hidden menu entry of its list) with `?id=`, else
 * its list; an avatar: the user list; a record in the recycle bin: the recycle bin.
 */
export function usageLink(use: MediaUse): string | undefined {
  const special: Record<string, string> = { user: '/userInfo/userInfo-list', recycle: '/recycle/recycle-list' };
  if (special[use.resource]) return special[use.resource];
  for (const top of menuTree()) {
    const children = top.children ?? [];
    const list = children.find((c) => c.list === use.resource);
    if (!list) continue;
    const details = children.find((c) => c.isHidden && c.activeMenu?.toLowerCase() === list.url.toLowerCase());
    return details ? `${details.url}?id=${encodeURIComponent(String(use.id))}` : list.url;
  }
  return undefined;
}
