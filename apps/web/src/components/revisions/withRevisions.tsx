import { HistoryOutlined } from '@ant-design/icons';
import type { ListResource } from '@gk/contracts/list';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ReviewHistorySlot } from '../review/ReviewHistorySlot';

// the drawer (version list, table, diff) loads when it is first opened: a detail page shows only the button
const RevisionsDrawer = lazy(() => import('./RevisionsDrawer').then((m) => ({ default: m.RevisionsDrawer })));

interface RevisionsProps {
  resource: ListResource;
  id: string | number | null;
  onRestored: () => void;
  /** the form has unsaved edits: 恢复此版本 says it drops them */
  dirty?: boolean;
}

/** 历史版本: the button, and the drawer once it has been opened (kept mounted, so it closes with its animation) */
function Revisions({ resource, id, onRestored, dirty }: RevisionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (id == null || id === '') return null;
  return (
    <>
      <Button
        icon={<HistoryOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('revision.entity')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RevisionsDrawer resource={resource} id={id} onRestored={onRestored} dirty={dirty} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The DetailPage `headExtra` of a revisioned resource: its 历史版本 button and drawer (and 审核记录 beside it when under review). */
export const withRevisions =
  (resource: ListResource) =>
  ({ id, reload, dirty }: { id: string | number | null; reload: () => void; dirty?: boolean }): ReactNode => (
    <>
      <Revisions resource={resource} id={id} onRestored={reload} dirty={dirty} />
      {resource.publishable && <ReviewHistorySlot resource={resource} id={id} />}
    </>
  );
