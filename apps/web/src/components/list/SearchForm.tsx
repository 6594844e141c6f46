import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ListResource } from '@gk/contracts/list';
import { Button, Col, Row, Space } from 'antd';
// antd's Input from its own file: the `antd` index's Input brings Search, Password, OTP and TextArea with it
import Input from 'antd/es/input/Input';
import { lazy, type ReactNode, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { DateRangeProps, DateRangeValue } from '../DateRange';
import { LazyRemoteSelect, LazySelect } from '../LazySelect';
import type { RemoteSelectProps } from '../RemoteSelect';

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

/**
 * The values of a search form, kept outside React so the list can set them (the URL's filters) and clear them (the
 * empty state's "clear filters"): what the list used of antd's form instance, without antd's Form (its field store
 * and validator are no part of a search bar, and loaded with every list's first screen).
 */
export interface SearchFormInstance {
  /** sets the given fields (others keep their values) */
  setFieldsValue(values: Record<string, unknown>): void;
  /** back to the form's starting values (全部 on flags and selects with 全部, empty elsewhere) */
  resetFields(): void;
}

class SearchFormStore implements SearchFormInstance {
  values: Record<string, unknown> = {};
  initial: Record<string, unknown> = {};
  private touched = false;
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  read = () => this.values;
  /** the starting values, given by the form when its fields change; shown until a field is set */
  start(initial: Record<string, unknown>) {
    if (initial === this.initial) return;
    this.initial = initial;
    if (!this.touched) this.values = initial;
  }
  private emit(values: Record<string, unknown>) {
    this.touched = true;
    this.values = values;
    for (const l of this.listeners) l();
  }
  setFieldsValue(values: Record<string, unknown>) {
    this.emit({ ...this.values, ...values });
  }
  resetFields() {
    this.emit({ ...this.initial });
  }
}

/** A search form's values, for the list that shows it (`form` of `SearchForm`). */
export function useSearchForm(): SearchFormInstance {
  return useState(() => new SearchFormStore())[0];
}

export interface SearchFormProps {
  resource: ListResource;
  fields: SearchFieldConfig[];
  onSearch: (filters: Filters) => void;
  onReset: () => void;
  /** the form's values, so the list can set and clear them (the URL's filters, the empty state's "clear filters") */
  form?: SearchFormInstance;
}

/**
 * A field in antd's inline form-item markup (same class names, so `components.css` and the e2e selectors find
 * it); its look is in `components.css` (`.gk-search-form`), antd's Form styles not being loaded here.
 */
function Item({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="ant-form-item ant-form-item-inline" style={{ width: '100%', marginInlineEnd: 0 }}>
      <Row className="ant-form-item-row">
        <Col className="ant-form-item-label">
          <label htmlFor={id} title={label}>
            {label}
          </label>
        </Col>
        <Col className="ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
        </Col>
      </Row>
    </div>
  );
}

export function SearchForm({ resource, fields, onSearch, onReset, form: given }: SearchFormProps) {
  const { t } = useTranslation();
  const own = useSearchForm();
  const store = (given ?? own) as SearchFormStore;
  const initial = useMemo(
    () => Object.fromEntries(fields.filter((f) => f.widget === 'flag' || (f.widget === 'select' && f.all)).map((f) => [f.name, 'all'])),
    [fields],
  );
  store.start(initial);
  const values = useSyncExternalStore(store.subscribe, store.read);
  if (!fields.length) return null;

  const formId = `search-${resource.name}`;
  const set = (name: string) => (value: unknown) => store.setFieldsValue({ [name]: value });

  const control = (f: SearchFieldConfig, label: string, id: string) => {
    const placeholder = f.placeholder ? t(f.placeholder) : undefined;
    const value = values[f.name] as never;
    switch (f.widget) {
      case 'flag':
        return (
          <LazySelect
            id={id}
            className="ant-select-in-form-item"
            aria-label={label}
            value={value}
            onChange={set(f.name)}
            options={[
              { value: 'all', label: t('ui.all') },
              { value: 1, label: t('ui.yes') },
              { value: 0, label: t('ui.no') },
            ]}
          />
        );
      case 'select':
        return (
          <LazySelect
            id={id}
            className="ant-select-in-form-item"
            aria-label={label}
            value={value}
            onChange={set(f.name)}
            allowClear={!f.all}
            placeholder={placeholder ?? t('ui.all')}
            options={[
              ...(f.all ? [{ value: 'all', label: t('ui.all') }] : []),
              ...f.options.map((o) => ({ value: o.value, label: t(o.label) })),
            ]}
          />
        );
      case 'remote':
        return (
          <LazyRemoteSelect
            {...f.remote}
            id={id}
            aria-label={label}
            value={value}
            onChange={set(f.name)}
            placeholder={placeholder ?? t('ui.all')}
          />
        );
      case 'dateRange':
        return <LazyDateRange id={id} label={label} value={value} onChange={set(f.name)} />;
      default:
        return (
          <Input
            id={id}
            aria-label={label}
            allowClear
            value={value ?? ''}
            onChange={(e) => store.setFieldsValue({ [f.name]: e.target.value })}
            placeholder={placeholder ?? t('ui.search.input', { label })}
          />
        );
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, as it was with antd's Form
    <form
      id={formId}
      className="ant-form ant-form-inline gk-search-form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(toFilters(fields, store.read()));
      }}
    >
      <Row gutter={[16, 12]} style={{ width: '100%' }}>
        {fields.map((f) => {
          const label = t(searchLabel(resource, f));
          const id = `${formId}_${f.name}`;
          return (
            <Col key={f.name} xs={24} sm={12} lg={8} xxl={f.widget === 'dateRange' ? 8 : 6}>
              <Item id={id} label={label}>
                {control(f, label, id)}
              </Item>
            </Col>
          );
        })}
        <Col flex="auto" className="gk-search-actions">
          <Space>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                store.resetFields();
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
    </form>
  );
}
