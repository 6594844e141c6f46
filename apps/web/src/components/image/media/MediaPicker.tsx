import type { MediaRow } from '@gk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Input, Modal, Pagination, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { MediaGrid } from './MediaGrid';
import { fetchMediaPage, mediaKey } from './mediaApi';

/**
 * 从素材库选择 (issue 26): the library's grid in a dialog, searched by name or alt text; one image picked (a click
 * selects, 使用这张图片 or a double click takes it) goes to the caller with its alt text. Loaded on demand by the
 * image slot and the editor's image dialog (React.lazy), so neither list nor detail screens carry it.
 */
export interface MediaPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (row: MediaRow) => void;
}

const PAGE_SIZE = 24;

export default function MediaPicker({ open, onClose, onPick }: MediaPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [unused, setUnused] = useState(false);
  const [pageNumber, setPage] = useState(1);
  const [picked, setPicked] = useState<MediaRow | null>(null);
  const query = { keyword: keyword || undefined, unused: unused ? 1 : 0, pageNumber, pageSize: PAGE_SIZE } as const;
  const q = useQuery({
    queryKey: mediaKey(query),
    queryFn: ({ signal }) => fetchMediaPage(query, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const take = (row: MediaRow | null) => {
    if (!row) return;
    onPick(row);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('media.ui.pickTitle')}
      width={960}
      onCancel={onClose}
      onOk={() => take(picked)}
      okText={t('media.ui.pickOk')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ disabled: !picked }}
      destroyOnHidden
      className="gk-media-picker"
    >
      <div className="gk-media-toolbar">
        <Input.Search
          allowClear
          className="gk-media-grow"
          style={{ maxWidth: 360 }}
          placeholder={t('media.ui.keyword')}
          aria-label={t('media.ui.keyword')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Checkbox
          checked={unused}
          onChange={(e) => {
            setUnused(e.target.checked);
            setPage(1);
          }}
        >
          {t('media.ui.unused')}
        </Checkbox>
        <Typography.Text type="secondary">{t('media.ui.pickHint')}</Typography.Text>
      </div>
      <Spin spinning={q.isFetching}>
        <div style={{ maxHeight: '60vh', overflowY: 'auto', minHeight: 120 }}>
          <MediaGrid rows={q.data?.rows ?? []} loading={q.isPending} active={picked?.name ?? null} onOpen={setPicked} onActivate={take} />
        </div>
      </Spin>
      <div className="gk-media-pager">
        <Pagination
          size="small"
          current={pageNumber}
          pageSize={PAGE_SIZE}
          total={q.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
          hideOnSinglePage
        />
      </div>
    </Modal>
  );
}
