import { HolderOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FieldConfigData, fieldConfigEndpoints, type SuccessReply } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post, RequestError } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { fieldConfigKey, listableFields, useFieldConfig, visibleFields } from './useFieldConfig';

/**
 * The field-display dialog of a list (SPEC point 2): choose the columns, drag them into order, pin one to
 * the left; saved per user and model type with POST /KJ/SaveUserTabFiledNameConfig.
 */
export interface FieldItem {
  field: string;
  label: string;
  checked: boolean;
  fixed: boolean;
}

/** All listable fields: the shown ones first in their order, then the rest. */
export function initialItems(resource: ListResource, config: FieldConfigData | null | undefined, t: (k: string) => string): FieldItem[] {
  const shown = visibleFields(resource, config);
  const labels = new Map((config?.baseFileds ?? []).map((b) => [b.field, b.fieldName]));
  const label = (name: string, key: string) => t(key) || labels.get(name) || name;
  const items: FieldItem[] = shown.map((v) => ({
    field: v.field.name,
    label: label(v.field.name, v.field.label),
    checked: true,
    fixed: v.fixed,
  }));
  const taken = new Set(items.map((i) => i.field));
  for (const f of listableFields(resource))
    if (!taken.has(f.name)) items.push({ field: f.name, label: label(f.name, f.label), checked: false, fixed: false });
  return items;
}

/** The default set (sysFileds, else the resource's list fields) as dialog items. */
function defaultItems(resource: ListResource, config: FieldConfigData | null | undefined, t: (k: string) => string): FieldItem[] {
  return initialItems(resource, config ? { ...config, selectFileds: [] } : null, t).map((i) => ({ ...i, fixed: false }));
}

function SortableRow({ item, onCheck, onPin }: { item: FieldItem; onCheck: (v: boolean) => void; onPin: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.field });
  return (
    <li
      ref={setNodeRef}
      className={`gk-field-row${isDragging ? ' is-dragging' : ''}${item.checked ? '' : ' is-off'}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-field={item.field}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="gk-field-handle"
        aria-label={t('ui.fields.drag', { label: item.label })}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <Checkbox checked={item.checked} onChange={(e) => onCheck(e.target.checked)} className="gk-field-check">
        {item.label}
      </Checkbox>
      <Tooltip title={item.fixed ? t('ui.fields.unpin') : t('ui.fields.pin')}>
        <Button
          type="text"
          size="small"
          disabled={!item.checked}
          aria-pressed={item.fixed}
          aria-label={`${item.fixed ? t('ui.fields.unpin') : t('ui.fields.pin')} ${item.label}`}
          icon={item.fixed ? <PushpinFilled style={{ color: 'var(--gk-primary, #1677ff)' }} /> : <PushpinOutlined />}
          onClick={onPin}
        />
      </Tooltip>
    </li>
  );
}

export function FieldConfigDialog({ resource, modelType, onClose }: { resource: ListResource; modelType: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const config = useFieldConfig(modelType);
  const [items, setItems] = useState<FieldItem[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!config.isLoading && items === null) setItems(initialItems(resource, config.data, t));
  }, [config.isLoading, config.data, items, resource, t]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => (items ?? []).map((i) => i.field), [items]);
  const checkedCount = (items ?? []).filter((i) => i.checked).length;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!items || !over || active.id === over.id) return;
    const from = items.findIndex((i) => i.field === active.id);
    const to = items.findIndex((i) => i.field === over.id);
    setItems(arrayMove(items, from, to));
  };
  const patch = (field: string, p: Partial<FieldItem>) =>
    setItems((list) => (list ?? []).map((i) => (i.field === field ? { ...i, ...p, ...(p.checked === false ? { fixed: false } : {}) } : i)));

  const save = async () => {
    if (!items) return;
    const fieldItems = items.filter((i) => i.checked).map((i) => ({ fieldName: i.field, isFixed: i.fixed ? 1 : 0 }));
    if (fieldItems.length === 0) {
      message.warning(t('fieldConfig.itemsRequired'));
      return;
    }
    setSaving(true);
    try {
      const reply = await withLoading(post<SuccessReply>(fieldConfigEndpoints.save.path, { modelType, fieldItems }, { quiet: true }));
      if (reply && reply.success === false) throw new RequestError(reply.message, undefined, reply);
      message.success(t('fieldConfig.saved'));
      await client.invalidateQueries({ queryKey: fieldConfigKey(modelType) });
      onClose();
    } catch (e) {
      const reply = e instanceof RequestError ? (e.reply as { message?: string; msg?: string } | undefined) : undefined;
      message.error(reply?.message || reply?.msg || (e instanceof Error ? e.message : '') || t('ui.fields.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('ui.fields.title')}
      onCancel={onClose}
      width={480}
      destroyOnHidden
      footer={[
        <Button key="reset" onClick={() => setItems(defaultItems(resource, config.data, t))} style={{ float: 'left' }}>
          {t('ui.fields.restore')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('ui.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save} disabled={!items}>
          {t('ui.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('ui.fields.hint', { count: checkedCount })}
      </Typography.Paragraph>
      {!items ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ul className="gk-field-list" aria-label={t('ui.fields.title')}>
              {items.map((item) => (
                <SortableRow
                  key={item.field}
                  item={item}
                  onCheck={(checked) => patch(item.field, { checked })}
                  onPin={() => patch(item.field, { fixed: !item.fixed })}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </Modal>
  );
}
