import { Tag } from 'antd';

/** A log row's result as a coloured tag: done / signed in green, refused / failed red (操作日志, 登录日志). */
export function ResultTag({ ok, label }: { ok: boolean; label: string }) {
  return (
    <Tag color={ok ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
