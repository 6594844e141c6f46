import { Empty, Table } from 'antd';
import { diffChars } from 'diff';
import { useTranslation } from '../../lib/i18n';

/** Rich text as the words a reader sees (tags dropped, paragraphs on lines of their own). */
export function readableText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|div|h\d|li|tr)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** a stored value as text (objects as JSON) */
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

/** A field a diff may show: its name, its label (already translated) and its type (`html`: read as text). */
export interface DiffField {
  name: string;
  label: string;
  type?: string;
}

const pre = (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>;

/**
 * Two versions of a record field by field, only the fields that differ: the label, each side, and the change
 * marked within the text; rich text compared as the readable text a visitor sees. Used by 历史版本 (two
 * revisions) and the operation log's detail (before / after of one write).
 */
export function FieldDiff({
  fields,
  before,
  after,
  beforeTitle,
  afterTitle,
}: {
  fields: DiffField[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  beforeTitle: string;
  afterTitle: string;
}) {
  const { t } = useTranslation();
  const rows = fields
    .map((f) => {
      const text = (v: unknown) => (f.type === 'html' ? readableText(show(v)) : show(v));
      return { name: f.name, label: f.label, before: text(before?.[f.name]), after: text(after?.[f.name]) };
    })
    .filter((r) => r.before !== r.after);
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.noChanges')} />;
  return (
    <Table
      className="gk-field-diff"
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'label', dataIndex: 'label', title: t('log.field'), width: 120 },
        { key: 'before', dataIndex: 'before', title: beforeTitle, width: 240, render: pre },
        { key: 'after', dataIndex: 'after', title: afterTitle, width: 240, render: pre },
        { key: 'diff', title: t('log.change'), render: (_v, r) => <TextDiff before={r.before} after={r.after} /> },
      ]}
    />
  );
}
