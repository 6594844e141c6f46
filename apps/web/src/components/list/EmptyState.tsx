import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n';

/** A list without rows: why (nothing yet, or nothing matches the filters) and what to do (新增, clear the filters). */
export default function EmptyState({ filtered, onReset, onAdd }: { filtered: boolean; onReset: () => void; onAdd?: () => void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="gk-list-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={2}>
          <Typography.Text>{filtered ? t('ui.list.emptyFiltered') : t('ui.list.empty')}</Typography.Text>
          {/* “click 新增” only where there is a 新增 to click (not in 回收站, nor for a reader) */}
          {filtered || onAdd ? (
            <Typography.Text type="secondary">{filtered ? t('ui.list.emptyFilteredHint') : t('ui.list.emptyHint')}</Typography.Text>
          ) : null}
        </Space>
      }
    >
      {filtered ? (
        <Button onClick={onReset}>{t('ui.list.clearFilters')}</Button>
      ) : (
        onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('ui.add')}
          </Button>
        )
      )}
    </Empty>
  );
}
