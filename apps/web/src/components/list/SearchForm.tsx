import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ListResource } from '@gk/contracts/list';
import { Button, Col, Form, type FormInstance, Input, Row, Select, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRangeProps, DateRangeValue } from '../DateRange';
import { RemoteSelect, type RemoteSelectProps } from '../RemoteSelect';

// the date pickers load only for lists that search by date
const DateRange = lazy(() => import('../DateRange').then((m) => ({ default: m.DateRange })));

/**
 * The lazy date pickers as a form control: Form.Item hands value / onChange to its direct child, so the
 * child must be this component (a bare Suspense would swallow them and the range would never be set).
 */
export function LazyDateRange({ label, ...props }: DateRangeProps & { label?: string }) {
  return (
    <Suspense fallback={<Input disabled aria-label={label} />}>
      <DateRange {...props} />
    </Suspense>
  );
}

/** The search form of a list (SPEC point 2): fields with their widgets, 重置 and 搜索. */
interface Base {
  /** the query parameter (for a date range: the form name; it sends `start` / `end`) */
  name: string;
  /** label message key (default: the label of the field the filter targets) */
  label?: string;
  placeholder?: string;
}

export type SearchFieldConfig =
  | (Base & { widget?: 'text' })
  /** 全部 / 是 / 否 over a 0/1 flag */
  | (Base & { widget: 'flag' })
  /** fixed options (label: message key or text); `all` puts 全部 first and starts on it */
  | (Base & { widget: 'select'; options: readonly { value: string | number; label: string }[]; all?: boolean })
  | (Base & { widget: 'remote'; remote: Omit<RemoteSelectProps, 'value' | 'onChange'> })
  | (Base & { widget: 'dateRange'; start?: string; end?: string });

export type Filters = Record<string, string | number>;

/** The label key of a search field: its own, else the label of the field its filter targets. */
export function searchLabel(resource: ListResource, f: SearchFieldConfig): string {
  if (f.label) return f.label;
  if (f.widget === 'dateRange') return 'common.f.createTime';
  const filter = resource.filters.find((x) => x.param === f.name);
  const field = resource.fields.find((x) => x.name === (filter?.field ?? f.name));
  return field?.label ?? f.name;
}

/** Form values → query parameters: empty values dropped, text trimmed, a date range split in two. */
export function toFilters(fields: SearchFieldConfig[], values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.widget === 'dateRange') {
      const [a, b] = (v as DateRangeValue | undefined) ?? [null, null];
      if (a) out[f.start ?? 'startTime'] = a;
      if (b) out[f.end ?? 'endTime'] = b;
      continue;
    }
    if (v == null) continue;
    const s = typeof v === 'string' ? v.trim() : v;
    if (s === '' || s === 'all') continue;
    out[f.name] = s as string | number;
  }
  return out;
}

export interface SearchFormProps {
  resource: ListResource;
  fields: SearchFieldConfig[];
  onSearch: (filters: Filters) => void;
  onReset: () => void;
  /** the form instance, so the list can clear it (the empty state's "clear filters") */
  form?: FormInstance;
}

export function SearchForm({ resource, fields, onSearch, onReset, form: given }: SearchFormProps) {
  const { t } = useTranslation();
  const [own] = Form.useForm();
  const form = given ?? own;
  if (!fields.length) return null;

  const control = (f: SearchFieldConfig, label: string) => {
    const placeholder = f.placeholder ? t(f.placeholder) : undefined;
    switch (f.widget) {
      case 'flag':
        return (
          <Select
            aria-label={label}
            options={[
              { value: 'all', label: t('ui.all') },
              { value: 1, label: t('ui.yes') },
              { value: 0, label: t('ui.no') },
            ]}
          />
        );
      case 'select':
        return (
          <Select
            aria-label={label}
            allowClear={!f.all}
            placeholder={placeholder ?? t('ui.all')}
            options={[
              ...(f.all ? [{ value: 'all', label: t('ui.all') }] : []),
              ...f.options.map((o) => ({ value: o.value, label: t(o.label) })),
            ]}
          />
        );
      case 'remote':
        return <RemoteSelect {...f.remote} placeholder={placeholder ?? t('ui.all')} />;
      case 'dateRange':
        return <LazyDateRange label={label} />;
      default:
        return <Input aria-label={label} allowClear placeholder={placeholder ?? t('ui.search.input', { label })} />;
    }
  };

  const initial = Object.fromEntries(
    fields.filter((f) => f.widget === 'flag' || (f.widget === 'select' && f.all)).map((f) => [f.name, 'all']),
  );

  return (
    <Form
      form={form}
      layout="inline"
      className="gk-search-form"
      initialValues={initial}
      onFinish={(values) => onSearch(toFilters(fields, values))}
      role="search"
      name={`search-${resource.name}`}
    >
      <Row gutter={[16, 12]} style={{ width: '100%' }}>
        {fields.map((f) => {
          const label = t(searchLabel(resource, f));
          return (
            <Col key={f.name} xs={24} sm={12} lg={8} xxl={f.widget === 'dateRange' ? 8 : 6}>
              <Form.Item name={f.name} label={label} style={{ width: '100%', marginInlineEnd: 0 }}>
                {control(f, label)}
              </Form.Item>
            </Col>
          );
        })}
        <Col flex="auto" className="gk-search-actions">
          <Space>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {t('ui.reset')}
            </Button>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('ui.search')}
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
