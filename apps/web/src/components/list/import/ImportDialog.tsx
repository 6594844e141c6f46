import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_FIELDS,
  type ImportCheckReply,
  type ImportDoReply,
  type ImportError,
  type ImportMode,
  type ImportPreviewRow,
  importEndpoints,
  type Reply,
} from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { Alert, Button, Modal, Progress, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useRef, useState } from 'react';
import { get } from '../../../api/request';
import { sendForm } from '../../../api/sendForm';
import { useFeedback } from '../../../lib/feedback';
import { useTranslation } from '../../../lib/i18n';
import { fullResource } from '../../resource/fullResource';
import { saveBlob } from '../saveBlob';

type Stage =
  | { step: 'pick' }
  | { step: 'upload'; percent: number }
  | { step: 'check' }
  | { step: 'preview'; reply: ImportCheckReply }
  | { step: 'import'; reply: ImportCheckReply; mode: ImportMode };

export interface ImportDialogProps {
  /** a list's plain description: its whole one is read here (`fullResource`) */
  resource: ListResource;
  onClose: () => void;
  /** an import wrote rows: the list reloads */
  onImported: (reply: ImportDoReply) => void;
}

const isXlsx = (f: File) => /\.xlsx$/i.test(f.name);
const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '');

/**
 * 导入 (issue 26): 下载模板; a file chosen or dropped is sent to checkImport (the upload's progress, then 正在校验),
 * and nothing is written until the operator has seen the check: rows to add and to update, every error by row,
 * column and message, the first rows. 全部导入 only for a file without errors; 仅导入有效行 leaves the rows with
 * errors out. The server checks again on doImport (the file is sent again: the server keeps nothing between calls).
 */
export default function ImportDialog({ resource: listResource, onClose, onImported }: ImportDialogProps) {
  const resource = fullResource(listResource);
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [template, setTemplate] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const title = t(resource.label);

  const form = (f: File, mode?: ImportMode) => {
    const body = new FormData();
    body.append(IMPORT_FIELDS.resource, resource.name);
    if (mode) body.append(IMPORT_FIELDS.mode, mode);
    body.append(IMPORT_FIELDS.file, f, f.name);
    return body;
  };

  const check = async (f: File) => {
    setFailure(null);
    if (!isXlsx(f)) {
      setFailure(t('import.ui.notXlsx'));
      return;
    }
    setFile(f);
    setStage({ step: 'upload', percent: 0 });
    abort.current = new AbortController();
    try {
      const reply = await sendForm<Reply<ImportCheckReply>>(importEndpoints.checkImport.path, form(f), {
        signal: abort.current.signal,
        onUploadProgress: (percent) => setStage(percent >= 100 ? { step: 'check' } : { step: 'upload', percent }),
      });
      if (!reply.data) throw new Error(reply.msg);
      setStage({ step: 'preview', reply: reply.data });
    } catch (e) {
      if (abort.current?.signal.aborted) return;
      setStage({ step: 'pick' });
      setFailure(t('import.ui.checkFailed', { reason: reasonOf(e) }));
    }
  };

  const run = async (mode: ImportMode) => {
    if (stage.step !== 'preview' || !file) return;
    const { reply } = stage;
    setFailure(null);
    setStage({ step: 'import', reply, mode });
    abort.current = new AbortController();
    try {
      const done = await sendForm<Reply<ImportDoReply>>(importEndpoints.doImport.path, form(file, mode), { signal: abort.current.signal });
      const d = done.data ?? { id: 0, adds: reply.adds, updates: reply.updates, skipped: 0 };
      message.success(t('import.ui.done', { adds: d.adds, updates: d.updates, skipped: d.skipped }));
      onImported(d);
      onClose();
    } catch (e) {
      if (abort.current?.signal.aborted) return;
      setStage({ step: 'preview', reply });
      setFailure(t('import.ui.failed', { reason: reasonOf(e) }));
    }
  };

  const downloadTemplate = async () => {
    setTemplate(true);
    try {
      const blob = await get<Blob>(importEndpoints.getTemplate.path, { resource: resource.name }, { quiet: true });
      // a spreadsheet reply arrives as a Blob; anything else (a JSON reply without an error code) is no template
      if (!blob || typeof blob !== 'object' || !('size' in blob) || !('type' in blob)) throw new Error(t('shell.requestFailed'));
      saveBlob(blob, `${t('import.ui.templateName', { resource: title })}.xlsx`);
    } catch (e) {
      message.error(t('import.ui.templateFailed', { reason: reasonOf(e) }));
    } finally {
      setTemplate(false);
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const reply = stage.step === 'preview' || stage.step === 'import' ? stage.reply : null;
  const busy = stage.step === 'upload' || stage.step === 'check' || stage.step === 'import';
  const writable = reply ? reply.adds + reply.updates : 0;

  const errorColumns = useMemo<ColumnsType<ImportError & { key: number }>>(
    () => [
      { title: t('import.ui.col.row'), dataIndex: 'row', width: 80 },
      { title: t('import.ui.col.column'), dataIndex: 'column', width: 160 },
      { title: t('import.ui.col.msg'), dataIndex: 'msg' },
    ],
    [t],
  );
  const previewColumns = useMemo<ColumnsType<ImportPreviewRow>>(() => {
    const heads = [...new Set((reply?.preview ?? []).flatMap((r) => Object.keys(r.values)))];
    return [
      { title: t('import.ui.col.row'), dataIndex: 'row', width: 70, fixed: 'left' },
      {
        title: t('import.ui.col.action'),
        dataIndex: 'action',
        width: 80,
        render: (a: ImportPreviewRow['action']) => <Tag color={a === 'add' ? 'green' : 'blue'}>{t(`import.ui.action.${a}`)}</Tag>,
      },
      ...heads.map((h) => ({
        title: h,
        key: h,
        width: 160,
        ellipsis: true,
        render: (_: unknown, r: ImportPreviewRow) => r.values[h] ?? '',
      })),
    ];
  }, [reply, t]);

  const footer = (
    <Space wrap>
      {reply && (
        <Button
          disabled={busy}
          onClick={() => {
            setStage({ step: 'pick' });
            setFailure(null);
          }}
        >
          {t('import.ui.reupload')}
        </Button>
      )}
      <Button onClick={close}>{t('ui.cancel')}</Button>
      {reply && (
        <>
          <Tooltip title={writable === 0 ? t('import.ui.nothing') : undefined}>
            <Button
              disabled={writable === 0 || (busy && !(stage.step === 'import' && stage.mode === 'valid'))}
              loading={stage.step === 'import' && stage.mode === 'valid'}
              onClick={() => void run('valid')}
            >
              {t('import.ui.valid')}
            </Button>
          </Tooltip>
          <Tooltip title={reply.errors.length ? t('import.ui.allBlocked') : writable === 0 ? t('import.ui.nothing') : undefined}>
            <Button
              type="primary"
              disabled={reply.errors.length > 0 || writable === 0 || (busy && !(stage.step === 'import' && stage.mode === 'all'))}
              loading={stage.step === 'import' && stage.mode === 'all'}
              onClick={() => void run('all')}
            >
              {t('import.ui.all')}
            </Button>
          </Tooltip>
        </>
      )}
    </Space>
  );

  return (
    <Modal
      open
      title={t('import.ui.title', { resource: title })}
      width={880}
      onCancel={close}
      maskClosable={!busy}
      footer={footer}
      destroyOnHidden
      className="gk-import"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} loading={template}>
          {t('import.ui.template')}
        </Button>
        {failure && <Alert type="error" showIcon title={failure} />}
        {stage.step === 'pick' && (
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            beforeUpload={(f) => {
              void check(f);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.ui.drag')}</p>
            <p className="ant-upload-hint">{t('import.ui.dragHint')}</p>
          </Upload.Dragger>
        )}
        {stage.step === 'upload' && (
          <div role="status">
            <Typography.Text>{t('import.ui.uploading', { name: file?.name ?? '', percent: stage.percent })}</Typography.Text>
            <Progress percent={stage.percent} status="active" />
          </div>
        )}
        {stage.step === 'check' && (
          <div role="status">
            <Typography.Text>{t('import.ui.checking', { name: file?.name ?? '' })}</Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        )}
        {stage.step === 'import' && (
          <div role="status">
            <Typography.Text>
              {t('import.ui.importing', { count: stage.mode === 'all' ? stage.reply.rows : stage.reply.adds + stage.reply.updates })}
            </Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        )}
        {reply && (
          <>
            <Space wrap className="gk-import-counts">
              <Typography.Text strong>{file?.name}</Typography.Text>
              <Typography.Text>{t('import.ui.summary', { rows: reply.rows })}</Typography.Text>
              <Tag color="green">{t('import.ui.adds', { count: reply.adds })}</Tag>
              <Tag color="blue">{t('import.ui.updates', { count: reply.updates })}</Tag>
              <Tag color={reply.errors.length ? 'red' : 'default'}>{t('import.ui.errors', { count: reply.errors.length })}</Tag>
            </Space>
            {reply.errors.length ? (
              <Alert type="warning" showIcon title={t('import.ui.hasErrors', { count: reply.errors.length })} />
            ) : (
              <Alert type="success" showIcon title={t('import.ui.noErrors')} />
            )}
            {reply.errors.length > 0 && (
              <Table
                className="gk-import-errors"
                size="small"
                title={() => t('import.ui.errorList')}
                columns={errorColumns}
                dataSource={reply.errors.map((e, key) => ({ ...e, key }))}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              />
            )}
            {reply.preview.length > 0 && (
              <Table
                className="gk-import-preview"
                size="small"
                rowKey="row"
                title={() => t('import.ui.preview', { count: reply.preview.length })}
                columns={previewColumns}
                dataSource={reply.preview}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
