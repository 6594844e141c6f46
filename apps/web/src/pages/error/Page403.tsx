import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ErrorPage } from './ErrorPage';

/** 403: no permission; offers the way back to /dashboard. */
export default function Page403() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      status="403"
      code="403"
      testId="page-403"
      title={t('error.403.title')}
      text={t('error.403.text')}
      actions={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/dashboard')} data-testid="error-home">
          {t('error.home')}
        </Button>
      }
    />
  );
}
