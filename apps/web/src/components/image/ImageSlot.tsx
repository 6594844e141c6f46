import { CopyOutlined, DeleteOutlined, FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { imageNameOf } from '@gk/contracts/list';
import { Button, Image, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { imageUrl } from '../../api/request';
import { uploadEndpoints } from '../../api/shared.contracts';
import { feedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { loadEditorConfig } from '../richtext/editorConfig';
import { AltField, StoredImageAlt } from './ImageAlt';
import { IMAGE_ACCEPT, useImageSlotsContext } from './imageSlots';
import { PickerHost } from './media/PickerHost';
import '../components.css';

/**
 * One image per slot (SPEC point 4): the upload button shows only while the slot is empty; a chosen file is
 * previewed and uploaded when the form saves; a stored image can be previewed, its link copied, or removed.
 * Use it as a Form.Item control (value = the stored image URL) inside a form with image slots (DetailPage).
 * Whoever may upload also sees the image's alt text (替代文字, ImageAlt.tsx), kept with the image itself, and may
 * pick an image already stored (从素材库选择, issue 26: the library picker, loaded when first opened).
 */
export interface ImageSlotProps {
  /** the form field this slot fills (also the key of its pending file) */
  field: string;
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  /** accessible name of the file input */
  label?: string;
}

export function ImageSlot({ field, value, onChange, id, disabled, label }: ImageSlotProps) {
  const { t } = useTranslation();
  const slots = useImageSlotsContext();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [picking, setPicking] = useState(false);
  const pending = slots.pending[field];
  const stored = value ? imageUrl(value) : '';
  const describes = usePermission()(uploadEndpoints.upload.path);
  const altId = `${id ?? field}-alt`;

  // the size limit comes with the editor settings; read them once so a too-large file is refused at once
  useEffect(() => {
    loadEditorConfig().catch(() => undefined);
  }, []);

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) slots.choose(field, file);
    if (input.current) input.current.value = '';
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  };

  const copy = async () => {
    const full = new URL(stored, location.href).href;
    try {
      await navigator.clipboard.writeText(full);
      feedback().message.success(t('ui.image.copied'));
    } catch {
      feedback().message.error(t('ui.image.copyFailed', { url: full }));
    }
  };

  const removeStored = async () => {
    setBusy(true);
    try {
      await slots.removeStored(field, value!, () => onChange?.(''));
    } catch {
      // the request layer showed why; the image stays
    } finally {
      setBusy(false);
    }
  };

  const fileInput = (
    <input
      ref={input}
      id={id}
      type="file"
      accept={IMAGE_ACCEPT}
      aria-label={label ?? t('ui.image.choose')}
      className="gk-image-input"
      data-field={field}
      disabled={disabled}
      onChange={(e) => take(e.target.files)}
    />
  );

  if (pending) {
    return (
      <div className="gk-image-slot" data-state="pending" data-field={field}>
        <div className="gk-image-card">
          <Image src={pending.preview} alt={pending.file.name} width={104} height={104} style={{ objectFit: 'cover' }} />
          <Tag color="processing" className="gk-image-badge">
            {t('ui.image.pending')}
          </Tag>
        </div>
        <Space size={4} className="gk-image-actions">
          <Tooltip title={t('ui.image.discard')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('ui.image.discard')}
              onClick={() => slots.clearPending(field)}
              disabled={disabled}
            />
          </Tooltip>
        </Space>
        {describes && <AltField id={altId} value={pending.alt} onChange={(alt) => slots.setPendingAlt(field, alt)} disabled={disabled} />}
        <div className="gk-image-hint">{t('ui.image.pendingHint')}</div>
      </div>
    );
  }

  if (stored) {
    return (
      <div className="gk-image-slot" data-state="stored" data-field={field}>
        <div className="gk-image-card">
          <Image src={stored} alt={label ?? field} width={104} height={104} style={{ objectFit: 'cover' }} />
        </div>
        <Space size={4} className="gk-image-actions">
          <Tooltip title={t('ui.image.copy')}>
            <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('ui.image.copy')} onClick={copy} />
          </Tooltip>
          <Popconfirm
            title={t('ui.image.removeConfirm')}
            onConfirm={removeStored}
            okText={t('ui.ok')}
            cancelText={t('ui.cancel')}
            disabled={disabled}
          >
            <Tooltip title={t('ui.image.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('ui.image.remove')}
                loading={busy}
                disabled={disabled}
              />
            </Tooltip>
          </Popconfirm>
        </Space>
        {describes && imageNameOf(value) && <StoredImageAlt key={value} url={value!} id={altId} disabled={disabled} />}
      </div>
    );
  }

  return (
    <div className="gk-image-slot" data-state="empty" data-field={field}>
      <button
        type="button"
        className={`gk-image-empty${over ? ' is-over' : ''}`}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <PlusOutlined />
        <span>{t('ui.image.upload')}</span>
      </button>
      {fileInput}
      {describes && (
        <Button
          size="small"
          type="link"
          className="gk-image-pick"
          icon={<FolderOpenOutlined />}
          disabled={disabled}
          onClick={() => setPicking(true)}
        >
          {t('media.ui.pick')}
        </Button>
      )}
      <div className="gk-image-hint">{t('ui.image.hint')}</div>
      {describes && <PickerHost open={picking} onClose={() => setPicking(false)} onPick={(row) => onChange?.(row.url)} />}
    </div>
  );
}
