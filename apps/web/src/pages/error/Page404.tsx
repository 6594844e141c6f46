import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ErrorPage } from './ErrorPage';

/** 404: 'OOPS' with a hint to check the address and a link to /; `?reason=gateway` says access through the gateway is not allowed. */
export default function Page404() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const gateway = params.get('reason') === 'gateway';
  return (
    <ErrorPage
      status="404"
      code={gateway ? '404' : 'OOPS!'}
      testId={gateway ? 'page-404-gateway' : 'page-404'}
      title={gateway ? t('error.404.gatewayTitle') : t('error.404.title')}
      text={gateway ? t('error.404.gatewayText') : t('error.404.text')}
      actions={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="error-home">
          {t('error.home')}
        </Button>
      }
    />
  );
}
