import { CopyOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { formatBytes, IMAGE_ALT_MAX, MEDIA_TITLE_MAX, type MediaRow, mediaEndpoints, resourceByName } from '@gk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Input, Popconfirm, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RequestError } from '../../api/request';
import { Denied } from '../../components/Denied';
import { isAcceptedImage } from '../../components/image/imageSlots';
import { fetchMediaUsage, mediaTitle, replaceMedia, saveMedia, usageLink } from '../../components/image/media/mediaApi';
import { useContentLocales } from '../../components/translation/locales';
import { feedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

/** a use's resource as a word: the record's name (新闻), 用户头像, 回收站 */
export function useResourceLabel() {
  const { t } = useTranslation();
  return (resource: string) => {
    if (resource === 'user' || resource === 'recycle') return t(`media.ui.resource.${resource}`);
    const def = resourceByName(resource);
    return def ? t(def.label) : resource;
  };
}

/**
 * One image of the library (a drawer): the picture and its facts, its title (名称: not empty once set) and its alt
 * text per content locale, saved together, every record and
 * field using it (links to them), 替换 (the picture swapped, every reference kept) and 删除 (refused while used:
 * the server's message, naming where, is shown).
 */
export function MediaDetail({
  row,
  onClose,
  onDelete,
  onChanged,
  onReplaced,
  onSaved,
}: {
  row: MediaRow | null;
  onClose: () => void;
  onDelete: (names: string[]) => Promise<boolean>;
  onChanged: () => void;
  /** the image now under its new name (replaceMedia's answer) */
  onReplaced: (row: MediaRow) => void;
  /** the image as saved (its title and alt texts) */
  onSaved?: (row: MediaRow) => void;
}) {
  const { t } = useTranslation();
  const can = usePermission();
  const client = useQueryClient();
  const locales = useContentLocales();
  const label = useResourceLabel();
  const [alts, setAlts] = useState<Record<string, string>>({});
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [replacing, setReplacing] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const name = row?.name;

  useEffect(() => {
    if (!row) return;
    setTitle(row.title ?? '');
    setAlts({ [locales.default]: row.alt ?? '', ...Object.fromEntries(locales.others.map((l) => [l, row.alts?.[l] ?? ''])) });
  }, [row, locales]);

  const usage = useQuery({
    queryKey: ['media-usage', name],
    queryFn: ({ signal }) => fetchMediaUsage(name!, signal),
    enabled: !!name,
  });

  const original = (l: string) => (l === locales.default ? (row?.alt ?? '') : (row?.alts?.[l] ?? ''));
  const changed = locales.all.filter((l) => (alts[l] ?? '').trim() !== original(l).trim());
  const titleChanged = title.trim() !== (row?.title ?? '');
  // a title once set cannot be emptied (the server's rule); an image without one keeps showing its stored name
  const titleError = titleChanged && !title.trim() ? t('media.titleRequired') : null;

  const saveInfo = async () => {
    if (!row || titleError) return;
    setSaving(true);
    try {
      let saved: MediaRow | undefined;
      // the title goes with the default locale's alt text when both changed, else alone
      const titleOnly = titleChanged && !changed.includes(locales.default);
      if (titleOnly) saved = (await saveMedia(row.name, { title: title.trim() })).data;
      for (const l of changed) {
        const main = l === locales.default;
        const change = {
          alt: (alts[l] ?? '').trim(),
          ...(main ? {} : { locale: l }),
          ...(main && titleChanged ? { title: title.trim() } : {}),
        };
        saved = (await saveMedia(row.name, change)).data;
      }
      feedback().message.success(t('media.ui.infoSaved'));
      client.removeQueries({ queryKey: ['imageMeta'] });
      if (saved) onSaved?.(saved);
      onChanged();
    } catch {
      // the request layer showed why
    } finally {
      setSaving(false);
    }
  };

  const replace = async (file: File) => {
    if (!row) return;
    if (!isAcceptedImage(file)) {
      feedback().message.error(t('upload.badType'));
      return;
    }
    setReplacing(0);
    try {
      const reply = await replaceMedia(row.name, file, setReplacing);
      feedback().message.success(reply.msg || t('media.ui.replaced'));
      if (reply.data?.row) onReplaced(reply.data.row);
      else setVersion((v) => v + 1);
      client.removeQueries({ queryKey: ['imageMeta'] });
      onChanged();
    } catch (e) {
      feedback().message.error(e instanceof Error ? e.message : t('upload.failed'));
    } finally {
      setReplacing(null);
    }
  };

  const copy = async () => {
    if (!row) return;
    const full = new URL(row.url, location.href).href;
    try {
      await navigator.clipboard.writeText(full);
      feedback().message.success(t('ui.image.copied'));
    } catch {
      feedback().message.error(t('ui.image.copyFailed', { url: full }));
    }
  };

  const replaceButton = (
    <Button icon={<SwapOutlined />} loading={replacing !== null}>
      {replacing !== null && replacing > 0 ? `${t('media.ui.replace')} ${replacing}%` : t('media.ui.replace')}
    </Button>
  );
  const deleteButton = (
    <Button danger icon={<DeleteOutlined />}>
      {t('media.ui.delete')}
    </Button>
  );

  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      title={t('media.ui.detail')}
      size={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth)}
      destroyOnHidden
    >
      {row && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={4} className="gk-media-title" ellipsis={{ tooltip: mediaTitle(row) }} style={{ margin: 0 }}>
            {mediaTitle(row)}
          </Typography.Title>
          <img className="gk-media-preview" src={version ? `${row.url}?v=${version}` : row.url} alt={row.alt || mediaTitle(row)} />
          <Space wrap>
            {can(mediaEndpoints.replace.path) ? (
              <Upload
                accept="image/jpeg,image/png,image/gif,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  void replace(file);
                  return false;
                }}
              >
                {replaceButton}
              </Upload>
            ) : (
              <Denied>{replaceButton}</Denied>
            )}
            {can(mediaEndpoints.del.path) ? (
              <Popconfirm
                title={t('media.ui.deleteConfirm')}
                okText={t('ui.ok')}
                cancelText={t('ui.cancel')}
                onConfirm={async () => {
                  if (await onDelete([row.name])) onClose();
                }}
              >
                {deleteButton}
              </Popconfirm>
            ) : (
              <Denied>{deleteButton}</Denied>
            )}
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('media.ui.copyUrl')}
            </Button>
          </Space>
          <Typography.Text type="secondary">{t('media.ui.replaceHint')}</Typography.Text>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('media.ui.fileName')}>
              <Typography.Text copyable>{row.name}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('media.ui.bytes')}>{formatBytes(row.bytes)}</Descriptions.Item>
            <Descriptions.Item label={t('media.ui.size')}>
              {row.width} × {row.height}
            </Descriptions.Item>
            <Descriptions.Item label={t('media.ui.format')}>{row.format?.toUpperCase()}</Descriptions.Item>
            <Descriptions.Item label={t('media.ui.uploader')}>{row.uploader ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('media.ui.uploadTime')}>{row.uploadTime ?? '—'}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('media.ui.info')}</Typography.Title>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <div>
                <label className="gk-image-alt-label" htmlFor="gk-media-title">
                  {t('media.ui.name')}
                </label>
                <Input
                  id="gk-media-title"
                  value={title}
                  maxLength={MEDIA_TITLE_MAX}
                  status={titleError ? 'error' : undefined}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? 'gk-media-title-error' : undefined}
                  placeholder={t('media.ui.titlePlaceholder')}
                  onChange={(e) => setTitle(e.target.value)}
                />
                {titleError && (
                  <Typography.Text type="danger" id="gk-media-title-error" role="alert">
                    {titleError}
                  </Typography.Text>
                )}
              </div>
              {locales.all.map((l) => (
                <div key={l}>
                  <label className="gk-image-alt-label" htmlFor={`gk-media-alt-${l}`}>
                    {locales.others.length ? t('media.ui.altOf', { locale: l }) : t('media.ui.alt')}
                  </label>
                  <Input
                    id={`gk-media-alt-${l}`}
                    value={alts[l] ?? ''}
                    maxLength={IMAGE_ALT_MAX}
                    placeholder={t('ui.image.altPlaceholder')}
                    onChange={(e) => setAlts((a) => ({ ...a, [l]: e.target.value }))}
                  />
                </div>
              ))}
              <Button
                type="primary"
                disabled={(!changed.length && !titleChanged) || !!titleError}
                loading={saving}
                onClick={() => void saveInfo()}
              >
                {t('media.ui.saveInfo')}
              </Button>
            </Space>
          </div>
          <div>
            <Typography.Title level={5}>{t('media.ui.usage')}</Typography.Title>
            <Spin spinning={usage.isFetching}>
              {usage.data?.length ? (
                <ul className="gk-media-usage">
                  {usage.data.map((u) => {
                    const to = usageLink(u);
                    const def = resourceByName(u.resource);
                    const field = def?.fields.find((f) => f.name === u.field);
                    const text = `${u.resourceLabel || label(u.resource)} · ${u.title || `#${u.id}`}`;
                    const where = [u.fieldLabel || (field ? t(field.label) : u.field), u.locale, u.draft ? t('media.ui.draft') : '']
                      .filter(Boolean)
                      .join(' · ');
                    return (
                      <li key={`${u.resource}-${u.id}-${u.field}`}>
                        {to ? <Link to={to}>{text}</Link> : text}
                        <Typography.Text type="secondary"> · {where}</Typography.Text>
                      </li>
                    );
                  })}
                </ul>
              ) : usage.isPending ? null : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('media.ui.noUsage')} />
              )}
            </Spin>
          </div>
        </Space>
      )}
    </Drawer>
  );
}

/** the refusal of a delete (it names where the image is used) in a dialog, not a toast that fades */
export function refusalText(e: unknown): string {
  return e instanceof RequestError ? e.message : e instanceof Error ? e.message : String(e);
}
