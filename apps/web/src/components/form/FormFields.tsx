import type { FieldDef } from '@gk/contracts';
import { Col, Form, type FormRule, Input, InputNumber, Row, Select, Switch, Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { type ReactElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { Denied } from '../Denied';
import { ImageSlot } from '../image/ImageSlot';
import { RemoteSelect, type RemoteSelectProps } from '../RemoteSelect';
import { RichText } from '../richtext/RichText';
import { isBlank, slotKey } from '../translation/locales';
import { useLocaleView } from '../translation/localeView';
import { DateTimeInput } from './DateTimeInput';
import { type FormResourceLike, formFactsOf, schemaSourceOf } from './saveSchema';
import { schemaRule } from './schemaRules';

/**
 * One field of a detail page or dialog, configured by a screen and rendered from the resource's
 * description: label from the field's label key, rules from the contracts `save` schema (same messages as
 * the server; on a detail screen the schema loads after the first paint and the rules wait for it), the asterisk
 * where the schema refuses a missing value (the schema's facts: built with a plain description), validation on blur.
 */
export type FieldWidget =
  | 'text'
  | 'textarea'
  | 'sort'
  | 'number'
  | 'switch'
  | 'select'
  | 'remote'
  | 'image'
  | 'richText'
  | 'password'
  | 'datetime';

export interface FormFieldConfig {
  /** the API field name */
  name: string;
  /** label message key (default: the resource field's label) */
  label?: string;
  /** default from the field type: text/code → text, sort → sort, flag → switch, int → number, image → image, html → richText, datetime → datetime */
  widget?: FieldWidget;
  /** select options (value / label key or text) */
  options?: readonly { value: string | number; label: string }[];
  /** RemoteSelect settings; `labelField` names the record field holding the value's label (e.g. typeName) */
  remote?: Omit<RemoteSelectProps, 'value' | 'onChange'> & { labelField?: string };
  /** extra rules after the schema's (e.g. `rules.phoneOrLandline()`) */
  rules?: FormRule[];
  /** force the required asterisk on or off (default: from the schema) */
  required?: boolean;
  placeholder?: string;
  /** help text key under the control */
  help?: string;
  /** no visible label (a section holding only this field already names it) */
  hideLabel?: boolean;
  /** takes the whole row (rich text and images always do in detail pages) */
  full?: boolean;
  /** max length shown as a counter on text inputs */
  maxLength?: number;
  /** strips characters on input (e.g. the user dialog's password strips Chinese) */
  normalize?: (value: string) => string;
  disabled?: boolean;
  /** a custom control instead of the widget */
  render?: () => ReactNode;
}

export function widgetOf(field: FormFieldConfig, def?: FieldDef): FieldWidget {
  if (field.widget) return field.widget;
  switch (def?.type) {
    case 'sort':
      return 'sort';
    case 'flag':
      return 'switch';
    case 'int':
      return 'number';
    case 'image':
      return 'image';
    case 'html':
      return 'richText';
    case 'datetime':
      return 'datetime';
    default:
      return 'text';
  }
}

/** A 0/1 flag as a switch. */
export function FlagSwitch({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: number | boolean | null;
  onChange?: (v: 0 | 1) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === 1 || value === true}
      onChange={(c) => onChange?.(c ? 1 : 0)}
      checkedChildren={t('ui.yes')}
      unCheckedChildren={t('ui.no')}
      disabled={disabled}
    />
  );
}

/** RemoteSelect inside a form: the value's label may come from another field of the record (typeName). */
function FormRemoteSelect({ config, ...rest }: { config: NonNullable<FormFieldConfig['remote']> } & Partial<RemoteSelectProps>) {
  const form = Form.useFormInstance();
  const { labelField, ...remote } = config;
  const label = Form.useWatch(labelField ?? '__noLabelField', { form, preserve: true }) as string | undefined;
  return (
    <RemoteSelect
      {...remote}
      {...rest}
      valueLabel={labelField ? label || undefined : undefined}
      onChange={(v, row) => {
        rest.onChange?.(v, row);
        if (labelField) form.setFieldValue(labelField, row ? String(row[remote.labelKey ?? 'name'] ?? '') : undefined);
      }}
    />
  );
}

function control(field: FormFieldConfig, widget: FieldWidget, label: string, t: (k: string) => string, slot = field.name): ReactNode {
  if (field.render) return field.render();
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  switch (widget) {
    case 'textarea':
      return (
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={placeholder}
          maxLength={field.maxLength}
          showCount={!!field.maxLength}
          disabled={field.disabled}
        />
      );
    case 'password':
      return <Input.Password placeholder={placeholder} maxLength={field.maxLength} autoComplete="new-password" disabled={field.disabled} />;
    case 'sort':
      return (
        <Input
          inputMode="decimal"
          placeholder={placeholder ?? t('ui.form.sortPlaceholder')}
          disabled={field.disabled}
          style={{ maxWidth: 240 }}
        />
      );
    case 'number':
      return <InputNumber placeholder={placeholder} disabled={field.disabled} style={{ width: 200 }} />;
    case 'switch':
      return <FlagSwitch disabled={field.disabled} />;
    case 'select':
      return (
        <Select
          allowClear
          placeholder={placeholder ?? t('ui.select.placeholder')}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
          disabled={field.disabled}
        />
      );
    case 'remote':
      return <FormRemoteSelect config={field.remote!} placeholder={placeholder} disabled={field.disabled} />;
    case 'image':
      return <ImageSlot field={slot} label={label} disabled={field.disabled} />;
    case 'richText':
      return <RichText disabled={field.disabled} />;
    case 'datetime':
      return <DateTimeInput placeholder={placeholder} disabled={field.disabled} />;
    default:
      return (
        <Input placeholder={placeholder} maxLength={field.maxLength} showCount={!!field.maxLength} disabled={field.disabled} allowClear />
      );
  }
}

export interface FormFieldsProps {
  /** a whole description (dialogs) or a detail screen's plain one with its save schema's facts (`FormResource`) */
  resource: FormResourceLike;
  fields: FormFieldConfig[];
  /** two columns on wide screens (detail pages); one in dialogs */
  columns?: 1 | 2;
}

/** A translation's rule: the field's own rule, but an empty value is allowed (the default locale's shows). */
function optionalRule(rule: FormRule): FormRule {
  const loosen = (inner: RuleObject): RuleObject => {
    const { validator } = inner;
    return {
      ...inner,
      required: false,
      ...(validator ? { validator: (r, value, cb) => (isBlank(value) ? Promise.resolve() : validator(r, value, cb)) } : {}),
    };
  };
  return typeof rule === 'function' ? (form) => loosen(rule(form)) : loosen(rule);
}

/** The locale a label names (a translation's items, the sections holding one). */
export function LocaleTag({ children }: { children: ReactNode }) {
  return (
    <Tag color="blue" className="gk-locale-tag" variant="filled">
      {children}
    </Tag>
  );
}

interface Entry {
  item: ReactNode;
  key: string;
  full: boolean;
  hidden: boolean;
}

/**
 * The Form.Items of a set of fields, laid out in one or two columns. Inside a detail page with translations
 * (LocaleViewContext) a translatable field has one item per mounted locale, only the active one shown; the others
 * are read-only on a locale other than the default.
 */
export function FormFields({ resource, fields, columns = 1 }: FormFieldsProps) {
  const { t } = useTranslation();
  const view = useLocaleView();
  const can = usePermission();
  const form = Form.useFormInstance();
  const recordId = Form.useWatch('id', { form, preserve: true }) as unknown;
  const facts = useMemo(() => formFactsOf(resource), [resource]);
  const schema = useMemo(() => schemaSourceOf(resource), [resource]);
  const { guarded } = facts;
  /** a field a button guards that this user lacks (置顶 without 新闻置顶): the save would refuse a change of it */
  const denied = (name: string) => {
    const g = guarded.find((x) => x.name === name);
    if (!g || can(g.permission)) return false;
    // a new record may take any value of a field without a default (an account's 启用)
    return recordId != null && recordId !== '' ? true : g.createDefault !== undefined;
  };
  const items: Entry[] = fields.flatMap((f) => {
    const def = resource.fields.find((x) => x.name === f.name);
    const lacking = denied(f.name);
    const widget = widgetOf(f, def);
    const label = t(f.label ?? def?.label ?? f.name);
    const full = f.full ?? (widget === 'richText' || widget === 'image' || widget === 'textarea');
    const rule = schemaRule(schema, f.name);
    const one = (locale: string | null): Entry => {
      const translation = !!view && locale != null && locale !== view.defaultLocale;
      // a field every locale shares, seen from a translation: read-only, and said so
      const shared = !!view && locale == null && view.active !== view.defaultLocale;
      const name = translation ? ['translations', locale!, f.name] : f.name;
      const cfg = shared ? { ...f, disabled: true } : f;
      const hidden = !!view && locale != null && locale !== view.active;
      const help = f.help ? t(f.help) : undefined;
      return {
        key: locale ? `${f.name}@${locale}` : f.name,
        full,
        hidden,
        item: (
          <Form.Item
            key={locale ? `${f.name}@${locale}` : f.name}
            name={name}
            label={
              f.hideLabel ? undefined : translation ? (
                <>
                  {label}
                  <LocaleTag>{view!.label(locale!)}</LocaleTag>
                </>
              ) : (
                label
              )
            }
            hidden={hidden}
            required={translation ? false : (f.required ?? facts.required.includes(f.name))}
            rules={translation ? [optionalRule(rule), ...(f.rules ?? []).map(optionalRule)] : [rule, ...(f.rules ?? [])]}
            validateTrigger={widget === 'remote' || widget === 'select' || widget === 'switch' ? ['onChange', 'onBlur'] : 'onBlur'}
            valuePropName="value"
            normalize={f.normalize ? (v) => (typeof v === 'string' ? f.normalize!(v) : v) : undefined}
            extra={
              shared ? (
                <>
                  {help && <div>{help}</div>}
                  <span className="gk-locale-shared">{t('locale.shared')}</span>
                </>
              ) : (
                help
              )
            }
          >
            {lacking ? (
              <Denied>
                {
                  control({ ...cfg, disabled: true }, widget, label, t, translation ? slotKey(name) : f.name) as ReactElement<
                    Record<string, unknown>
                  >
                }
              </Denied>
            ) : (
              control(cfg, widget, label, t, translation ? slotKey(name) : f.name)
            )}
          </Form.Item>
        ),
      };
    };
    if (view?.translatable.has(f.name)) return view.mounted.map((l) => one(l));
    return [one(null)];
  });
  if (columns === 1) return <>{items.map((i) => i.item)}</>;
  return (
    <Row gutter={24}>
      {items.map(({ item, key, full, hidden }) => (
        <Col key={key} xs={24} lg={full ? 24 : 12} style={hidden ? { display: 'none' } : undefined}>
          {item}
        </Col>
      ))}
    </Row>
  );
}
