import { formatBytes, type MediaRow } from '@gk/contracts';
import { Checkbox, Empty, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { mediaTitle, thumbOf } from './mediaApi';
import './media.css';

/**
 * The library's images as cards (the 素材库 screen's grid view and the picker): a thumbnail (`?w=320`), the title
 * (the stored name in its tooltip and below it; the stored name alone when the image has no title), size and pixel size, and whether it is used. `checked`: the cards carry a checkbox (the screen's batch selection);
 * `active`: the card picked (the picker).
 */
export interface MediaGridProps {
  rows: MediaRow[];
  onOpen: (row: MediaRow) => void;
  /** double click (the picker: use it at once) */
  onActivate?: (row: MediaRow) => void;
  checked?: string[];
  onCheck?: (names: string[]) => void;
  active?: string | null;
  loading?: boolean;
}

export function MediaGrid({ rows, onOpen, onActivate, checked, onCheck, active, loading }: MediaGridProps) {
  const { t } = useTranslation();
  if (!rows.length && !loading) return <Empty description={t('media.ui.empty')} />;
  const toggle = (name: string, on: boolean) => {
    if (!checked || !onCheck) return;
    onCheck(on ? [...checked, name] : checked.filter((n) => n !== name));
  };
  return (
    <ul className="gk-media-grid" aria-busy={loading || undefined}>
      {rows.map((row) => {
        const isChecked = checked?.includes(row.name) ?? false;
        const classes = ['gk-media-card', active === row.name ? 'is-active' : '', isChecked ? 'is-checked' : ''].filter(Boolean).join(' ');
        return (
          <li key={row.name} className={classes} data-name={row.name}>
            <button
              type="button"
              className="gk-media-thumb"
              title={row.alt || mediaTitle(row)}
              aria-pressed={active !== undefined ? active === row.name : undefined}
              onClick={() => onOpen(row)}
              onDoubleClick={() => onActivate?.(row)}
            >
              <img src={thumbOf(row)} alt={row.alt || mediaTitle(row)} loading="lazy" />
            </button>
            {checked && (
              <Checkbox
                className="gk-media-check"
                checked={isChecked}
                aria-label={t('media.ui.selectCard', { name: mediaTitle(row) })}
                onChange={(e) => toggle(row.name, e.target.checked)}
              />
            )}
            <div className="gk-media-meta">
              <Typography.Text ellipsis={{ tooltip: row.title ? `${row.title}\n${row.name}` : row.name }} className="gk-media-name">
                {mediaTitle(row)}
              </Typography.Text>
              {row.title && (
                <Typography.Text type="secondary" ellipsis className="gk-media-file">
                  {row.name}
                </Typography.Text>
              )}
              <div className="gk-media-facts">
                <span>
                  {row.width}×{row.height}
                </span>
                <span>{formatBytes(row.bytes)}</span>
              </div>
              {row.uses > 0 ? <Tag color="blue">{t('media.ui.usedTimes', { count: row.uses })}</Tag> : <Tag>{t('media.ui.unusedTag')}</Tag>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
