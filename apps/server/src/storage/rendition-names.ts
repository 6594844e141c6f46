import { IMAGE_CONTENT_TYPES } from '@gk/contracts';

/**
 * A rendition's variant: `{width}w[-q{quality}].{ext}` (the quality only for the lossy formats). Widths are
 * IMAGE_WIDTHS (16–8192) or an original's own width below the asked one, so 1 to 4 digits.
 */
const RENDITION_VARIANT = /^\d{1,4}w(?:-q\d{1,3})?\.(avif|webp|jpg|png|gif)$/;
/** the folder of the store that holds the renditions, one subfolder per original */
export const RENDITIONS_DIR = 'renditions';

export const isRenditionVariant = (v: string): boolean => typeof v === 'string' && RENDITION_VARIANT.test(v);

/** the content type of a variant's extension */
export function variantContentType(variant: string): string {
  const ext = variant.slice(variant.lastIndexOf('.') + 1);
  return ext === 'avif' ? 'image/avif' : IMAGE_CONTENT_TYPES[ext];
}
