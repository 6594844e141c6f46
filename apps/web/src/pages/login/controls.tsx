import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

/**
 * The login page's form controls: plain elements styled like Ant Design's large input, checkbox and
 * primary button (styles.css, "plain controls"), so the page needs no antd code (SPEC point 9: the
 * login page loads fast).
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> & {
  prefix?: ReactNode;
  invalid?: boolean;
};

export function TextInput({ prefix, invalid, className, ...rest }: InputProps) {
  return (
    <span className={`gk-input${invalid ? ' is-error' : ''}${className ? ` ${className}` : ''}`}>
      {prefix && <span className="gk-input-prefix">{prefix}</span>}
      <input type="text" {...rest} />
    </span>
  );
}

export function PasswordInput({ prefix, invalid, showLabel, hideLabel, ...rest }: InputProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={`gk-input${invalid ? ' is-error' : ''}`}>
      {prefix && <span className="gk-input-prefix">{prefix}</span>}
      <input {...rest} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="gk-input-eye"
        tabIndex={-1}
        aria-label={visible ? hideLabel : showLabel}
        title={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        // keep the caret in the field
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </span>
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className={`gk-checkbox${checked ? ' is-checked' : ''}`}>
      <span className="gk-checkbox-box">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
        <span className="gk-checkbox-inner" aria-hidden="true" />
      </span>
      <span className="gk-checkbox-label">{children}</span>
    </label>
  );
}

/** Two Chinese characters get a space between them, as antd's buttons do (登 录). */
function spaced(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text;
}

export function SubmitButton({
  loading,
  children,
  className,
  testId,
}: {
  loading: boolean;
  children: string;
  className?: string;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      className={`gk-btn gk-btn-primary gk-btn-lg gk-btn-block${loading ? ' is-loading' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={loading}
      data-testid={testId}
      // while loading a click does nothing (as antd's loading button)
      onClick={(e) => loading && e.preventDefault()}
    >
      {loading && <LoadingOutlined spin />}
      <span>{spaced(children)}</span>
    </button>
  );
}
