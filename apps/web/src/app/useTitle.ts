import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';

/** Document title: "route title - 终端客户资源管理系统", or the default alone (SPEC point 2). */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation();
  const app = t('app.title');
  useEffect(() => {
    document.title = title ? `${title} - ${app}` : app;
  }, [title, app]);
}
