import { diffChars } from 'diff';

/** Rich text as the words a reader sees (tags dropped, paragraphs on lines of their own). */
export function readableText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|div|h\d|li|tr)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

export const show = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Before → after of one text: removed parts struck through, added parts marked. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <div className="gk-text-diff" style={{ whiteSpace: 'pre-wrap' }}>
      {diffChars(before, after).map((part, i) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <ins key={i} style={{ background: '#d9f7be', textDecoration: 'none' }}>
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <del key={i} style={{ background: '#ffccc7' }}>
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <span key={i}>{part.value}</span>
        ),
      )}
    </div>
  );
}
