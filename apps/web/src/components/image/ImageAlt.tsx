import { LoadingOutlined } from '@ant-design/icons';
import { IMAGE_ALT_MAX } from '@gk/contracts/form';
import { Input } from 'antd';
import { useState } from 'react';
import { useImageMeta, useSaveImageAlt } from '../../api/queries';
import { feedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';

interface AltFieldProps {
  id?: string;
  value: string;
  onChange: (alt: string) => void;
  onCommit?: () => void;
  disabled?: boolean;
  busy?: boolean;
}

/** The labelled alt-text input of an image slot (替代文字). */
export function AltField({ id, value, onChange, onCommit, disabled, busy }: AltFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="gk-image-alt">
      <label className="gk-image-alt-label" htmlFor={id}>
        {t('ui.image.alt')}
      </label>
      <Input
        id={id}
        size="small"
        value={value}
        maxLength={IMAGE_ALT_MAX}
        placeholder={t('ui.image.altPlaceholder')}
        title={t('ui.image.altPlaceholder')}
        disabled={disabled}
        suffix={busy ? <LoadingOutlined /> : <span />}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onCommit}
        onPressEnter={(e) => {
          e.preventDefault();
          onCommit?.();
        }}
      />
    </div>
  );
}

/**
 * The alt text of a stored image: read from the server, saved on the image's row when the field is left (or on
 * Enter) and changed. It is the image's, so every record showing the image shares it.
 */
export function StoredImageAlt({ url, id, disabled }: { url: string; id?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const meta = useImageMeta(url);
  const save = useSaveImageAlt();
  const [draft, setDraft] = useState<string | null>(null);
  const saved = meta.data?.alt ?? '';
  const commit = () => {
    if (draft === null) return;
    if (draft.trim() === saved) {
      setDraft(null);
      return;
    }
    save.mutate(
      { ref: url, alt: draft },
      {
        onSuccess: () => {
          setDraft(null);
          feedback().message.success(t('upload.altSaved'));
        },
      },
    );
  };
  return (
    <AltField
      id={id}
      value={draft ?? saved}
      onChange={setDraft}
      onCommit={commit}
      disabled={disabled || meta.isPending || meta.isError}
      busy={save.isPending}
    />
  );
}
