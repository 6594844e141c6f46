import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ErrorPage } from './ErrorPage';

/** 401: back goes to /dashboard when `noGoBack` is set (or there is nowhere to go back to), else one step back. */
export default function Page401() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = () => {
    // react-router numbers its history entries; without that, any earlier entry will do
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    const canGoBack = idx === undefined ? window.history.length > 1 : idx > 0;
    if (params.has('noGoBack') || !canGoBack) navigate('/dashboard');
    else navigate(-1);
  };
  return (
    <ErrorPage
      status="403"
      code="401"
      testId="page-401"
      title={t('error.401.title')}
      text={t('error.401.text')}
      actions={[
        <Button key="back" type="primary" icon={<ArrowLeftOutlined />} onClick={back} data-testid="error-back">
          {t('error.back')}
        </Button>,
        <Button key="home" icon={<HomeOutlined />} onClick={() => navigate('/dashboard')}>
          {t('error.home')}
        </Button>,
      ]}
    />
  );
}
