import { AuditOutlined } from '@ant-design/icons';
import type { ListResource } from '@gk/contracts/list';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

// the drawer (its Timeline) loads when it is first opened
const ReviewHistoryDrawer = lazy(() => import('./ReviewHistoryDrawer'));

/** 审核记录: the button and its drawer (ReviewHistorySlot shows it for a record under review) */
export function ReviewHistoryButton({ resource, id }: { resource: ListResource; id: string | number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        icon={<AuditOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('review.ui.history')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReviewHistoryDrawer resource={resource} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
