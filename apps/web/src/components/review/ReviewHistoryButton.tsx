import { AuditOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@gk/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { underReview, useReviewInfo } from './reviewApi';

// the drawer (its Timeline) loads when it is first opened
const ReviewHistoryDrawer = lazy(() => import('./ReviewHistoryDrawer'));

/** 审核记录 beside 历史版本 on the detail page of a record whose resource has review on; nothing otherwise */
export function ReviewHistoryButton({ resource, id }: { resource: ResourceDef; id: string | number | null }) {
  const { t } = useTranslation();
  const info = useReviewInfo(resource, id, null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (id == null || id === '' || !underReview(info)) return null;
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
