import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd';
import useSize from 'antd/es/config-provider/hooks/useSize';
import { type ComponentType, type CSSProperties, type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { RemoteSelectProps } from './RemoteSelect';
import './LazySelect.css';

/**
 * Selects that load when the user first reaches them. Until then a stand-in in antd's look stands in their place: the
 * same class names, size and box (drawn by LazySelect.css from the theme's variables, antd's Select styles not being
 * loaded yet), showing the chosen option's label or the placeholder. A pointer over it or a touch fetches the select's
 * code (once for the whole page); a press or a key that opens a select puts the real one in its place, open, and a focus
 * puts it there with the focus. A list's first screen, which only reads, never loads antd's Select (rc-select and its virtual
 * list, ~22 KB gzip): its search bar and its pager's size changer show the stand-in.
 */
export type WakeIntent = 'load' | 'focus' | 'open';
const RANK: Record<WakeIntent, number> = { load: 0, focus: 1, open: 2 };

/** A component loaded once on first use, with the hook every instance reads it by. */
export function deferred<P>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () => {
    pending ??= load().then(
      (c) => {
        ready = c;
        return c;
      },
      (e: unknown) => {
        // a chunk that did not arrive (a deployment, the network): the next wake asks again
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  /** fetches the chunk without showing it (a pointer on its way): the press that follows finds it there */
  const prefetch = () => {
    get().catch(() => undefined);
  };
  /**
   * the component once loaded (null until then), how the user woke it, the wake, and the prefetch; `now`: load and
   * show without waiting
   */
  return function useDeferred(now = false): [ComponentType<P> | null, WakeIntent | null, (intent: WakeIntent) => void, () => void] {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => ready);
    const [intent, setIntent] = useState<WakeIntent | null>(null);
    const wake = useCallback((next: WakeIntent) => {
      setIntent((prev) => (prev && RANK[prev] >= RANK[next] ? prev : next));
      get().then(
        // in the next task, once the press that woke it has reached every listener: mounted within that press (the code
        // already there resolves at once), the real select would hear the same press at its outside-click listener on
        // the window, not on itself, and close again
        (c) => setTimeout(() => setLoaded(() => c), 0),
        () => undefined,
      );
    }, []);
    useEffect(() => {
      if (now && !Loaded) wake('load');
    }, [now, Loaded, wake]);
    return [Loaded, intent, wake, prefetch];
  };
}

interface StandInProps {
  id?: string;
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
  size?: SelectProps['size'];
  disabled?: boolean;
  /** the chosen option's label (empty: the placeholder shows) */
  label?: ReactNode;
  placeholder?: ReactNode;
  onWake: (intent: WakeIntent) => void;
  /** a pointer over it: the chunk is fetched, the stand-in stays until pressed (a swap under the pointer would race the press) */
  onPrefetch: () => void;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** A closed single select in antd's markup; it loads the real one when reached. */
function SelectStandIn({ id, className, style, size, disabled, label, placeholder, onWake, onPrefetch, ...aria }: StandInProps) {
  const mergedSize = useSize(size);
  const empty = label == null || label === '';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: antd's select root takes the press the same way; its input is the control
    <div
      className={[
        'ant-select ant-select-outlined ant-select-single ant-select-show-arrow gk-select-stand-in',
        mergedSize === 'small' ? 'ant-select-sm' : mergedSize === 'large' ? 'ant-select-lg' : '',
        disabled ? 'ant-select-disabled' : '',
        className ?? '',
      ].join(' ')}
      style={style}
      onPointerEnter={onPrefetch}
      onTouchStart={onPrefetch}
      onMouseDown={(e) => {
        // the press's default focus would land on the stand-in's input, gone by then, and take the focus from the real
        // select that opened in its place (it closes on blur): the real one takes the focus itself (autoFocus)
        e.preventDefault();
        if (!disabled) onWake('open');
      }}
    >
      <div
        className={empty ? 'ant-select-content' : 'ant-select-content ant-select-content-has-value'}
        title={!empty && typeof label === 'string' ? label : undefined}
      >
        {empty ? <div className="ant-select-placeholder">{placeholder}</div> : label}
        <input
          id={id}
          className="ant-select-input"
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-label={aria['aria-label']}
          aria-autocomplete="list"
          autoComplete="off"
          readOnly
          disabled={disabled}
          value=""
          onFocus={() => !disabled && onWake('focus')}
          onKeyDown={(e: KeyboardEvent) => {
            if (!OPENING_KEYS.has(e.key) || disabled) return;
            e.preventDefault();
            onWake('open');
          }}
        />
      </div>
      <div className="ant-select-suffix">
        <DownOutlined />
      </div>
    </div>
  );
}

type Value = string | number;
const useAntdSelect = deferred(() => import('antd/es/select').then((m) => m.default as ComponentType<SelectProps>));

/** antd's Select (single, options given), loaded when the user first reaches it. */
export function LazySelect<V extends Value = Value>(props: SelectProps<V>) {
  const [Select, intent, wake, prefetch] = useAntdSelect();
  if (Select) {
    const own = props as SelectProps;
    return (
      <Select
        {...own}
        autoFocus={own.autoFocus || intent === 'focus' || intent === 'open'}
        defaultOpen={own.defaultOpen || intent === 'open'}
      />
    );
  }
  const chosen = props.value == null ? undefined : props.options?.find((o) => o.value === props.value);
  return (
    <SelectStandIn
      id={props.id}
      aria-label={props['aria-label']}
      className={props.className}
      style={props.style}
      size={props.size}
      disabled={props.disabled}
      label={props.value == null ? undefined : ((chosen?.label as ReactNode) ?? String(props.value))}
      placeholder={props.placeholder}
      onWake={wake}
      onPrefetch={prefetch}
    />
  );
}

const useRemoteSelect = deferred(() => import('./RemoteSelect').then((m) => m.RemoteSelect as ComponentType<RemoteSelectProps>));

/**
 * The remote picker (RemoteSelect), loaded when the user first reaches it; a chosen value loads it at once (its label
 * comes from the server, which the stand-in does not ask).
 */
export function LazyRemoteSelect(props: RemoteSelectProps) {
  const chosen = props.value != null && props.value !== '';
  const [RemoteSelect, intent, wake, prefetch] = useRemoteSelect(chosen);
  if (RemoteSelect)
    return (
      <RemoteSelect {...props} autoFocus={props.autoFocus || intent === 'focus' || intent === 'open'} defaultOpen={intent === 'open'} />
    );
  return (
    <SelectStandIn
      id={props.id}
      aria-label={props['aria-label']}
      style={{ width: '100%', ...props.style }}
      disabled={props.disabled}
      label={chosen ? (props.valueLabel ?? '') : undefined}
      placeholder={chosen ? undefined : props.placeholder}
      onWake={wake}
      onPrefetch={prefetch}
    />
  );
}
