import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  EditOutlined,
  FolderOpenOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MenuOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, type Editor as TipTap, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, ColorPicker, Divider, Dropdown, Input, Select, Tooltip } from 'antd';
import { type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { fetchImageMeta, saveImageAlt, uploadImage } from '../../api/queries';
import { RequestError } from '../../api/request';
import { uploadEndpoints } from '../../api/shared.contracts';
import { feedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { ContentHitsContext } from '../contentHits';
import { IMAGE_ACCEPT, isAcceptedImage } from '../image/imageSlots';
import { PickerHost } from '../image/media/PickerHost';
import { LazyModal } from '../LazyModal';
import { editorDebounce } from './editorConfig';
import { HitHighlight, hitHighlightKey } from './hitHighlight';
import type { EditorProps } from './RichText';
import './richtext.css';
import { formatBytes, IMAGE_ALT_MAX } from '@gk/contracts/form';
import { imageNameOf } from '@gk/contracts/list';
import { useQueryClient } from '@tanstack/react-query';

/** The TipTap editor behind RichText (loaded on demand). */
const COLORS = [
  '#000000',
  '#595959',
  '#8c8c8c',
  '#f5222d',
  '#fa541c',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
];

function ToolButton({
  title,
  active,
  disabled,
  onClick,
  icon,
}: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className="gk-rt-btn"
      />
    </Tooltip>
  );
}

function Toolbar({ editor, maxBytes, disabled }: { editor: TipTap; maxBytes: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  /** the image dialog: the image (its src) and the alt text being edited */
  const [imageProps, setImageProps] = useState<{ src: string; alt: string } | null>(null);
  const [savingAlt, setSavingAlt] = useState(false);
  /** 从素材库选择 (issue 26): the library picker, loaded when first opened */
  const [picking, setPicking] = useState(false);
  const queryClient = useQueryClient();
  const describes = usePermission()(uploadEndpoints.upload.path);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      image: e.isActive('image'),
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '',
      align: (['center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) {
      feedback().message.error(t('upload.badType'));
      return;
    }
    if (maxBytes && file.size > maxBytes) {
      feedback().message.error(t('upload.tooLarge', { limit: formatBytes(maxBytes) }));
      return;
    }
    setUploading(true);
    try {
      // the URL the upload reply names; the alt text the image already has (the same bytes uploaded before)
      const src = await uploadImage(file);
      const alt = describes ? ((await fetchImageMeta(src).catch(() => null))?.alt ?? '') : '';
      chain().setImage({ src, alt }).run();
      // then the image dialog, for its alt text
      if (describes) setImageProps({ src, alt });
    } catch (e) {
      const reply = e instanceof RequestError ? (e.reply as { message?: string } | undefined) : undefined;
      feedback().message.error(reply?.message || (e instanceof Error && e.message) || t('upload.failed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  /** the selected image's dialog: its alt text in the text, else the one its row holds */
  const openImageProps = async () => {
    const { src, alt } = editor.getAttributes('image') as { src?: string; alt?: string | null };
    if (!src) return;
    const stored = !alt && imageNameOf(src) ? ((await fetchImageMeta(src).catch(() => null))?.alt ?? '') : '';
    setImageProps({ src, alt: alt || stored });
  };
  /** the alt text on every <img> of this image in the text, and on the image's row (one of ours) */
  const applyImageProps = async () => {
    if (!imageProps) return;
    const alt = imageProps.alt.trim();
    if (imageNameOf(imageProps.src)) {
      setSavingAlt(true);
      try {
        await saveImageAlt(queryClient, imageProps.src, alt);
      } catch {
        // the request layer showed why (too long…): the dialog stays open
        return;
      } finally {
        setSavingAlt(false);
      }
    }
    const { tr } = editor.state;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image' && node.attrs.src === imageProps.src) tr.setNodeMarkup(pos, undefined, { ...node.attrs, alt });
    });
    editor.view.dispatch(tr);
    setImageProps(null);
  };

  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const url = href.trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url, target: '_blank' }).run();
    setLinkOpen(false);
  };

  const headingOptions = [
    { value: 0, label: t('ui.editor.paragraph') },
    ...[1, 2, 3, 4].map((l) => ({ value: l, label: t('ui.editor.heading', { level: l }) })),
  ];

  return (
    <div className="gk-rt-toolbar" role="toolbar" aria-label={t('ui.editor.toolbar')}>
      <Select
        size="small"
        value={s.heading}
        options={headingOptions}
        style={{ width: 96 }}
        aria-label={t('ui.editor.headingLabel')}
        disabled={disabled}
        onChange={(level: number) => {
          if (level === 0) chain().setParagraph().run();
          else
            chain()
              .toggleHeading({ level: level as 1 | 2 | 3 | 4 })
              .run();
        }}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('ui.editor.bold')}
        icon={<BoldOutlined />}
        active={s.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        title={t('ui.editor.italic')}
        icon={<ItalicOutlined />}
        active={s.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        title={t('ui.editor.underline')}
        icon={<UnderlineOutlined />}
        active={s.underline}
        disabled={disabled}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        title={t('ui.editor.strike')}
        icon={<StrikethroughOutlined />}
        active={s.strike}
        disabled={disabled}
        onClick={() => chain().toggleStrike().run()}
      />
      <ColorPicker
        size="small"
        value={s.color || '#000000'}
        presets={[{ label: t('ui.editor.color'), colors: COLORS }]}
        disabledAlpha
        allowClear
        disabled={disabled}
        onChangeComplete={(c) => chain().setColor(c.toHexString()).run()}
        onClear={() => chain().unsetColor().run()}
      >
        <Tooltip title={t('ui.editor.color')} mouseEnterDelay={0.4}>
          <Button type="text" size="small" aria-label={t('ui.editor.color')} className="gk-rt-btn" disabled={disabled}>
            <FontColorsOutlined style={{ color: s.color || undefined }} />
          </Button>
        </Tooltip>
      </ColorPicker>
      <Divider orientation="vertical" />
      <ToolButton
        title={t('ui.editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={s.bullet}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        title={t('ui.editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={s.ordered}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        title={t('ui.editor.alignLeft')}
        icon={<AlignLeftOutlined />}
        active={s.align === 'left'}
        disabled={disabled}
        onClick={() => chain().setTextAlign('left').run()}
      />
      <ToolButton
        title={t('ui.editor.alignCenter')}
        icon={<AlignCenterOutlined />}
        active={s.align === 'center'}
        disabled={disabled}
        onClick={() => chain().setTextAlign('center').run()}
      />
      <ToolButton
        title={t('ui.editor.alignRight')}
        icon={<AlignRightOutlined />}
        active={s.align === 'right'}
        disabled={disabled}
        onClick={() => chain().setTextAlign('right').run()}
      />
      <ToolButton
        title={t('ui.editor.alignJustify')}
        icon={<MenuOutlined />}
        active={s.align === 'justify'}
        disabled={disabled}
        onClick={() => chain().setTextAlign('justify').run()}
      />
      <Divider orientation="vertical" />
      <ToolButton title={t('ui.editor.link')} icon={<LinkOutlined />} active={s.link} disabled={disabled} onClick={openLink} />
      {s.link && (
        <ToolButton
          title={t('ui.editor.unlink')}
          icon={<DisconnectOutlined />}
          disabled={disabled}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      )}
      <Tooltip title={t('ui.editor.image')} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('ui.editor.image')}
          loading={uploading}
          disabled={disabled}
          className="gk-rt-btn"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => fileInput.current?.click()}
        />
      </Tooltip>
      {describes && (
        <ToolButton title={t('media.ui.pick')} icon={<FolderOpenOutlined />} disabled={disabled} onClick={() => setPicking(true)} />
      )}
      {s.image && describes && (
        <ToolButton title={t('ui.editor.imageProps')} icon={<EditOutlined />} disabled={disabled} onClick={() => void openImageProps()} />
      )}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="gk-rt-file"
        style={{ display: 'none' }}
        aria-label={t('ui.editor.imageFile')}
        data-testid="richtext-image-input"
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: [
            { key: 'insert', label: t('ui.editor.tableInsert') },
            { type: 'divider' },
            { key: 'rowAfter', label: t('ui.editor.rowAfter'), disabled: !s.table },
            { key: 'colAfter', label: t('ui.editor.colAfter'), disabled: !s.table },
            { key: 'delRow', label: t('ui.editor.delRow'), disabled: !s.table },
            { key: 'delCol', label: t('ui.editor.delCol'), disabled: !s.table },
            { key: 'delTable', label: t('ui.editor.delTable'), disabled: !s.table, danger: true },
          ],
          onClick: ({ key }) => {
            const c = chain();
            if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
            else if (key === 'rowAfter') c.addRowAfter().run();
            else if (key === 'colAfter') c.addColumnAfter().run();
            else if (key === 'delRow') c.deleteRow().run();
            else if (key === 'delCol') c.deleteColumn().run();
            else if (key === 'delTable') c.deleteTable().run();
          },
        }}
      >
        <Tooltip title={t('ui.editor.table')} mouseEnterDelay={0.4}>
          <Button
            type={s.table ? 'primary' : 'text'}
            ghost={s.table}
            size="small"
            icon={<TableOutlined />}
            aria-label={t('ui.editor.table')}
            className="gk-rt-btn"
          />
        </Tooltip>
      </Dropdown>
      <ToolButton
        title={t('ui.editor.quote')}
        icon={<span className="gk-rt-quote">❝</span>}
        active={s.quote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolButton title={t('ui.editor.hr')} icon={<LineOutlined />} disabled={disabled} onClick={() => chain().setHorizontalRule().run()} />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('ui.editor.undo')}
        icon={<UndoOutlined />}
        disabled={disabled || !s.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        title={t('ui.editor.redo')}
        icon={<RedoOutlined />}
        disabled={disabled || !s.canRedo}
        onClick={() => chain().redo().run()}
      />
      <ToolButton
        title={t('ui.editor.clear')}
        icon={<ClearOutlined />}
        disabled={disabled}
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      />

      <LazyModal
        title={t('ui.editor.linkTitle')}
        open={linkOpen}
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        okText={t('ui.ok')}
        cancelText={t('ui.cancel')}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={href}
          placeholder="https://"
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={applyLink}
          aria-label={t('ui.editor.linkUrl')}
        />
        <div className="gk-rt-hint">{t('ui.editor.linkHint')}</div>
      </LazyModal>
      {describes && (
        <PickerHost
          open={picking}
          onClose={() => setPicking(false)}
          onPick={(row) => chain().setImage({ src: row.url, alt: row.alt }).run()}
        />
      )}
      <LazyModal
        title={t('ui.editor.imageProps')}
        open={!!imageProps}
        onOk={() => void applyImageProps()}
        onCancel={() => setImageProps(null)}
        okText={t('ui.ok')}
        cancelText={t('ui.cancel')}
        confirmLoading={savingAlt}
        destroyOnHidden
      >
        {imageProps && (
          <div className="gk-rt-image-props">
            <img className="gk-rt-image-preview" src={imageProps.src} alt={imageProps.alt} />
            <label className="gk-rt-label" htmlFor="gk-rt-image-alt">
              {t('ui.image.alt')}
            </label>
            <Input
              id="gk-rt-image-alt"
              autoFocus
              value={imageProps.alt}
              maxLength={IMAGE_ALT_MAX}
              showCount
              placeholder={t('ui.image.altPlaceholder')}
              onChange={(e) => setImageProps({ ...imageProps, alt: e.target.value })}
              onPressEnter={() => void applyImageProps()}
            />
            <div className="gk-rt-hint">{t('ui.editor.imageAltHint')}</div>
          </div>
        )}
      </LazyModal>
    </div>
  );
}

export default function Editor({ value, onChange, onBlur, id, debounceMs, height, disabled, placeholder, config }: EditorProps) {
  const { t } = useTranslation();
  const wait = editorDebounce(debounceMs);
  /** the last value received from the form */
  const external = useRef(value ?? '');
  /** the editor's HTML as last delivered (or as normalized from the form's value): nothing new to tell */
  const last = useRef(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const notify = useRef(onChange);
  notify.current = onChange;

  /** delivers the current HTML now (debounce elapsed, blur, unmount); reads refs only */
  const flush = useCallback((e: TipTap) => {
    clearTimeout(timer.current);
    const html = e.isEmpty ? '' : e.getHTML();
    if (html === last.current) return;
    last.current = html;
    notify.current?.(html);
  }, []);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        // an extra empty paragraph after a closing table or image would count as a change nobody made
        trailingNode: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      TextStyle,
      Color,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      HitHighlight,
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'gk-rt-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': placeholder ?? t('ui.editor.label'),
        ...(id ? { id } : {}),
      },
    },
    onCreate: ({ editor: e }) => {
      last.current = e.isEmpty ? '' : e.getHTML();
    },
    onUpdate: ({ editor: e }) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(e), wait);
    },
    onBlur: ({ editor: e }) => {
      flush(e);
      onBlur?.();
    },
  });

  // a value from outside (the record was loaded or reset) replaces the content
  useEffect(() => {
    if (!editor) return;
    const v = value ?? '';
    const known = v === external.current || v === last.current;
    external.current = v;
    if (known) return;
    clearTimeout(timer.current);
    editor.commands.setContent(v, { emitUpdate: false });
    // the editor's own form of that HTML is the baseline: only a real edit is reported back
    last.current = editor.isEmpty ? '' : editor.getHTML();
  }, [value, editor]);

  useEffect(() => {
    if (editor && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // the content check's word hits in rich text, highlighted where they stand (issue 27)
  const hits = useContext(ContentHitsContext);
  const hitKey = hits
    .filter((h) => h.kind === 'word')
    .map((h) => `${h.level}:${h.text}`)
    .join('|');
  const shownKey = useRef('');
  useEffect(() => {
    if (!editor || editor.isDestroyed || hitKey === shownKey.current) return;
    const words = hitKey
      ? hitKey.split('|').map((k) => ({ level: k.slice(0, k.indexOf(':')) as 'block' | 'warn', text: k.slice(k.indexOf(':') + 1) }))
      : [];
    const apply = () => {
      if (editor.isDestroyed || !editor.isInitialized) return;
      shownKey.current = hitKey;
      editor.view.dispatch(editor.state.tr.setMeta(hitHighlightKey, words).setMeta('addToHistory', false));
    };
    // the view exists once the editor is mounted: now, or when it is created
    if (editor.isInitialized) apply();
    else editor.on('create', apply);
    return () => {
      editor.off('create', apply);
    };
  }, [editor, hitKey]);

  // a change still waiting for its debounce is delivered before the editor goes away
  useEffect(
    () => () => {
      if (timer.current && editor && !editor.isDestroyed) flush(editor);
      clearTimeout(timer.current);
    },
    [editor, flush],
  );

  return (
    <div className="gk-rt" style={{ width: '100%', height }} data-testid="richtext">
      {editor && <Toolbar editor={editor} maxBytes={config.maxBytes} disabled={disabled} />}
      <EditorContent editor={editor} className="gk-rt-body" />
    </div>
  );
}
