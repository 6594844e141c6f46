import type { ContentCheckReply, ContentHit } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { Alert, Form, type FormInstance, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { contentCheckEndpoints } from '../api/detail.contracts';
import { post } from '../api/request';
import { useTranslation } from '../lib/i18n';

/** how long typing must pause before the form is checked */
const DEBOUNCE_MS = 600;

/** one hit as a line: its level tag and message */
export function HitLine({ hit }: { hit: ContentHit }) {
  const { t } = useTranslation();
  return (
    <Space size={4} className="gk-check-hit" data-level={hit.level}>
      <Tag color={hit.level === 'block' ? 'red' : 'orange'}>{t(`check.level.${hit.level}`)}</Tag>
      <Typography.Text>{hit.msg}</Typography.Text>
    </Space>
  );
}

/**
 * The check while typing (issue 27): ≈600 ms after the last change the form as it is goes to `/content/check`
 * (the call before is aborted); the hits are listed near the publish bar, 禁止 in red, 提示 in orange.
 */
export default function ContentCheckPanel({
  resource,
  form,
  onHits,
}: {
  resource: ListResource;
  form: FormInstance;
  /** every answer's hits (the editor highlights them) */
  onHits?: (hits: ContentHit[]) => void;
}) {
  const { t } = useTranslation();
  const values = Form.useWatch([], { form, preserve: true });
  const [hits, setHits] = useState<ContentHit[]>([]);
  useEffect(() => {
    if (!values) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      post<{ data: ContentCheckReply }>(
        contentCheckEndpoints.check.path,
        { resource: resource.name, record: form.getFieldsValue(true) },
        { quiet: true, signal: abort.signal },
      )
        .then((r) => {
          setHits(r.data.hits);
          onHits?.(r.data.hits);
        })
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [values, resource, form, onHits]);
  if (!hits.length) return null;
  return (
    <Alert
      className="gk-content-check"
      type={hits.some((h) => h.level === 'block') ? 'error' : 'warning'}
      showIcon
      message={t('check.ui.title', { count: hits.length })}
      description={
        <Space direction="vertical" size={2}>
          {hits.map((h) => (
            <HitLine key={`${h.field}-${h.locale}-${h.offset}-${h.text}`} hit={h} />
          ))}
        </Space>
      }
    />
  );
}
