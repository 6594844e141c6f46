import { formatBytes } from '@gk/contracts/form';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { deleteImage, saveImageAlt, uploadImage } from '../../api/queries';
import { RequestError } from '../../api/request';
import { feedback } from '../../lib/feedback';
import { tr } from '../../lib/i18n';
import { knownMaxBytes } from '../richtext/editorConfig';

/**
 * The image slots of one form (SPEC point 4 "Image slot life"):
 * empty → a file chosen (pending, previewed from an object URL, not uploaded) → on save every pending file
 * uploads in parallel → the field takes the URL each upload reply names → only then is the record saved.
 * Removing a stored image blanks the field and saves the record FIRST (whatever the file's state: a file
 * already gone never keeps the slot occupied); the server deletes files no record references after a
 * save, and /upload/delImage is still called afterwards for compatibility (its failure is ignored).
 * Removing a file that was only chosen clears it locally.
 * Alt text (issue 23) belongs to the image, not the record: a stored image's is saved when its field is left
 * (ImageAlt.tsx); one typed for a chosen file is saved right after that file's upload.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const IMAGE_EXT = /\.(jpe?g|png|gif|webp)$/i;

/** Whether a file is one of the accepted image kinds (jpg, png, gif, webp) by type, or by name when the type is unknown. */
export function isAcceptedImage(file: File): boolean {
  if (file.type) return (IMAGE_TYPES as readonly string[]).includes(file.type);
  return IMAGE_EXT.test(file.name);
}

export interface PendingImage {
  file: File;
  /** object URL for the preview */
  preview: string;
  /** the alt text typed before the upload: saved on the image once it is stored */
  alt: string;
}

export interface ImageSlotsOptions {
  /**
   * What an upload failure says: a fixed message key (contacts: 上传失败，请重试), or, by default,
   * the reply's `message` field.
   */
  uploadErrorMessage?: string;
  /**
   * after a stored image's field was blanked: save the record (DetailPage does). Without it (a dialog) the
   * form's own save stores the blank field and then calls `afterSave`.
   */
  onStoredRemoved?: (field: string) => Promise<unknown> | unknown;
}

export interface ImageSlotsApi {
  pending: Readonly<Record<string, PendingImage>>;
  hasPending: boolean;
  /** takes a file into a slot; refuses other kinds than jpg / png / gif / webp */
  choose(field: string, file: File): boolean;
  /** forgets a chosen, not yet uploaded file */
  clearPending(field: string): void;
  /** the alt text of a chosen file, saved on the image after its upload */
  setPendingAlt(field: string, alt: string): void;
  /** forgets every pending file */
  reset(): void;
  /**
   * uploads every pending file in parallel (then saves the alt text typed for it); resolves with `values` whose
   * image fields hold the new URLs
   */
  uploadPending<T extends Record<string, unknown>>(values: T): Promise<T>;
  /** blanks a stored image's field, lets the form save the record, then asks the server to delete the file */
  removeStored(field: string, url: string, blank: () => void): Promise<void>;
  /** after the form saved: the files of stored images removed since are deleted on the server (best effort) */
  afterSave(): Promise<void>;
}

/** The upload failure's text: the page's fixed message, else the reply's `message`, else the error. */
function uploadFailure(e: unknown, fixed?: string): string {
  if (fixed) return tr(fixed);
  if (e instanceof RequestError) {
    const reply = e.reply as { message?: unknown; msg?: unknown } | undefined;
    if (reply && typeof reply.message === 'string' && reply.message) return reply.message;
    return e.message || tr('upload.failed');
  }
  return tr('upload.failed');
}

export function useImageSlots(options: ImageSlotsOptions = {}): ImageSlotsApi {
  const client = useQueryClient();
  const [pending, setPending] = useState<Record<string, PendingImage>>({});
  const ref = useRef(pending);
  ref.current = pending;
  const opts = useRef(options);
  opts.current = options;

  // object URLs live as long as their pending file
  useEffect(
    () => () => {
      for (const p of Object.values(ref.current)) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  // stored images removed from a form that saves later (a dialog): their files are deleted after that save
  const removed = useRef<string[]>([]);

  const update = useCallback((fn: (prev: Record<string, PendingImage>) => Record<string, PendingImage>) => {
    const next = fn(ref.current);
    ref.current = next;
    setPending(next);
  }, []);

  const clearPending = useCallback(
    (field: string) => {
      const p = ref.current[field];
      if (!p) return;
      URL.revokeObjectURL(p.preview);
      update((prev) => {
        const { [field]: _gone, ...rest } = prev;
        return rest;
      });
    },
    [update],
  );

  const choose = useCallback(
    (field: string, file: File) => {
      if (!isAcceptedImage(file)) {
        feedback().message.error(tr('upload.badType'));
        return false;
      }
      const max = knownMaxBytes();
      if (max && file.size > max) {
        feedback().message.error(tr('upload.tooLarge', { limit: formatBytes(max) }));
        return false;
      }
      const old = ref.current[field];
      if (old) URL.revokeObjectURL(old.preview);
      update((prev) => ({ ...prev, [field]: { file, preview: URL.createObjectURL(file), alt: old?.alt ?? '' } }));
      return true;
    },
    [update],
  );

  const setPendingAlt = useCallback(
    (field: string, alt: string) => {
      if (!ref.current[field]) return;
      update((prev) => ({ ...prev, [field]: { ...prev[field], alt } }));
    },
    [update],
  );

  const reset = useCallback(() => {
    removed.current = [];
    for (const p of Object.values(ref.current)) URL.revokeObjectURL(p.preview);
    update(() => ({}));
  }, [update]);

  const uploadPending = useCallback(
    async <T extends Record<string, unknown>>(values: T): Promise<T> => {
      const entries = Object.entries(ref.current);
      if (entries.length === 0) return values;
      let urls: string[];
      try {
        urls = await Promise.all(entries.map(([, p]) => uploadImage(p.file)));
      } catch (e) {
        feedback().message.error(uploadFailure(e, opts.current.uploadErrorMessage));
        throw e;
      }
      const out: Record<string, unknown> = { ...values };
      entries.forEach(([field], i) => {
        out[field] = urls[i];
      });
      // the alt text typed for each new image goes on its row (a refusal is shown; the record still saves)
      await Promise.all(
        entries.map(([, p], i) => (p.alt.trim() ? saveImageAlt(client, urls[i], p.alt).catch(() => undefined) : undefined)),
      );
      for (const [, p] of entries) URL.revokeObjectURL(p.preview);
      update(() => ({}));
      return out as T;
    },
    [update, client],
  );

  const removeStored = useCallback(async (field: string, url: string, blank: () => void) => {
    blank();
    const save = opts.current.onStoredRemoved;
    if (!save) {
      removed.current.push(url);
      return;
    }
    // the reference goes first (a failed save throws: the file stays, the form shows the blank field unsaved)
    await save(field);
    await deleteImage(url);
  }, []);

  const afterSave = useCallback(async () => {
    const urls = removed.current;
    removed.current = [];
    await Promise.all(urls.map((u) => deleteImage(u)));
  }, []);

  return useMemo(
    () => ({
      pending,
      hasPending: Object.keys(pending).length > 0,
      choose,
      clearPending,
      setPendingAlt,
      reset,
      uploadPending,
      removeStored,
      afterSave,
    }),
    [pending, choose, clearPending, setPendingAlt, reset, uploadPending, removeStored, afterSave],
  );
}

const Ctx = createContext<ImageSlotsApi | null>(null);

export function ImageSlotsProvider({ value, children }: { value: ImageSlotsApi; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The form's image slots; ImageSlot must sit inside an ImageSlotsProvider. */
export function useImageSlotsContext(): ImageSlotsApi {
  const v = useContext(Ctx);
  if (!v) throw new Error('ImageSlot must be used inside an ImageSlotsProvider (see DetailPage)');
  return v;
}
