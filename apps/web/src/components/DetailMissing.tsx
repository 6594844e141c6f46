import { Button, Card, Result, Space } from 'antd';
import { useTranslation } from '../lib/i18n';

/**
 * A detail page whose record is gone (404): what happened, 重试 and 返回列表. Its own chunk, loaded only then: the
 * result illustrations are heavier than the rest of the page's frame.
 */
export default function DetailMissing({ onRetry, onBack }: { onRetry: () => void; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="gk-detail">
      <Result
        status="404"
        title={t('err.recordNotFound')}
        subTitle={t('ui.detail.missingHint')}
        extra={
          <Space>
            <Button onClick={onRetry}>{t('ui.retry')}</Button>
            {onBack && (
              <Button type="primary" onClick={onBack}>
                {t('ui.detail.backToList')}
              </Button>
            )}
          </Space>
        }
      />
    </Card>
  );
}
