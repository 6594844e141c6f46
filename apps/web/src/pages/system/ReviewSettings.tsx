import { SaveOutlined } from '@ant-design/icons';
import { type Reply, type ReviewLevels, type ReviewSetting, reviewSettingsEndpoints } from '@gk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Radio, Switch, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { reviewKeys } from '../../components/review/reviewApi';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

type Edit = Pick<ReviewSetting, 'levels' | 'selfApprove'>;

const LEVELS: { value: ReviewLevels; label: string }[] = [
  { value: 0, label: 'review.ui.settings.off' },
  { value: 1, label: 'review.levels.1' },
  { value: 2, label: 'review.levels.2' },
];

/**
 * 系统管理 › 审核设置 (issue 27): one row per publishable resource — review 关闭 / 一级审核 / 两级审核 and whether a
 * reviewer may approve their own submission — each row saved on its own (`/review/saveSettings`). Without the save
 * button the screen is read-only and says so.
 */
export default function ReviewSettings() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const can = usePermission();
  const maySave = can(reviewSettingsEndpoints.save.path);
  const q = useQuery({
    queryKey: ['reviewSettings'],
    queryFn: ({ signal }) =>
      post<Reply<ReviewSetting[]>>(reviewSettingsEndpoints.get.path, undefined, { signal }).then((r) => r.data ?? []),
  });
  /** the rows' unsaved choices, by resource */
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const choiceOf = (row: ReviewSetting): Edit => edits[row.resource] ?? { levels: row.levels, selfApprove: row.selfApprove };
  const edit = (row: ReviewSetting, patch: Partial<Edit>) => setEdits((e) => ({ ...e, [row.resource]: { ...choiceOf(row), ...patch } }));
  const changed = (row: ReviewSetting) => {
    const v = choiceOf(row);
    return v.levels !== row.levels || v.selfApprove !== row.selfApprove;
  };

  const save = async (row: ReviewSetting) => {
    setSaving(row.resource);
    try {
      const v = choiceOf(row);
      const reply = await withLoading(post<Reply>(reviewSettingsEndpoints.save.path, { resource: row.resource, ...v }));
      message.success(reply.msg);
      await q.refetch();
      setEdits(({ [row.resource]: _saved, ...rest }) => rest);
      // every record's review state may have changed with it
      void client.invalidateQueries({ queryKey: reviewKeys.all });
    } catch {
      // the request layer showed the server's message; the row keeps the choice
    } finally {
      setSaving(null);
    }
  };

  const noSave = maySave ? undefined : t('ui.noSavePermission');
  const columns: TableColumnsType<ReviewSetting> = [
    { key: 'label', dataIndex: 'label', title: t('review.ui.settings.resource'), width: 160 },
    {
      key: 'levels',
      title: t('review.ui.settings.levels'),
      render: (_v, row) => (
        <Radio.Group
          name={`levels-${row.resource}`}
          aria-label={`${row.label} ${t('review.ui.settings.levels')}`}
          disabled={!maySave}
          value={choiceOf(row).levels}
          onChange={(e) => edit(row, { levels: e.target.value as ReviewLevels })}
          options={LEVELS.map((l) => ({ value: l.value, label: t(l.label) }))}
        />
      ),
    },
    {
      key: 'selfApprove',
      title: t('review.selfApprove'),
      width: 220,
      render: (_v, row) => (
        <Switch
          aria-label={`${row.label} ${t('review.selfApprove')}`}
          disabled={!maySave || choiceOf(row).levels === 0}
          checked={choiceOf(row).selfApprove}
          onChange={(on) => edit(row, { selfApprove: on })}
        />
      ),
    },
    {
      key: 'action',
      title: t('review.ui.col.action'),
      width: 120,
      render: (_v, row) => (
        <Tooltip title={noSave}>
          {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
          <span className="gk-tooltip-wrap">
            <Button
              type="primary"
              size="small"
              icon={<SaveOutlined />}
              disabled={!maySave || !changed(row)}
              loading={saving === row.resource}
              onClick={() => void save(row)}
            >
              {t('review.ui.settings.save')}
            </Button>
          </span>
        </Tooltip>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t('review.ui.settings.intro')}</Typography.Paragraph>
      {!maySave && <Alert type="info" showIcon message={t('review.ui.settings.readOnly')} style={{ marginBottom: 16 }} />}
      <Table<ReviewSetting>
        rowKey="resource"
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
      />
    </Card>
  );
}
