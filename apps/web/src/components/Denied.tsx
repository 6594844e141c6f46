import { Tooltip } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * How a missing permission looks, everywhere: the control stays in place, disabled, with the tooltip
 * 没有此操作的权限，请联系管理员分配 (or `title`). Inside a Form.Item it passes the item's value / onChange / id on
 * to the control it wraps.
 */
export function Denied({ children, title, ...injected }: { children: ReactElement<Record<string, unknown>>; title?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={title ?? t('ui.noPermission')}>
      <span className="gk-tooltip-wrap" data-denied="">
        {cloneElement(children, { ...injected, disabled: true })}
      </span>
    </Tooltip>
  );
}
