import { CloudServerOutlined, LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import { LogoMark } from '../../app/Brand';
import { LangButtons } from '../../app/LangButtons';
import { login } from '../../app/session';
import { useDocumentTitle } from '../../app/useTitle';
import { feedback, loadFeedbackHost } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { Checkbox, PasswordInput, SubmitButton, TextInput } from './controls';
import { PortArt } from './PortArt';
import { clearRemembered, readRemembered, saveRemembered } from './remember';

type Field = 'username' | 'password';

/** The two-field form is plain state and plain controls (no antd, no form library: the login page must load fast). */
function FieldError({ id, text }: { id: string; text?: string }) {
  return (
    <div id={id} className="gk-field-error" role={text ? 'alert' : undefined}>
      {text}
    </div>
  );
}

/** /login: browser and page title 终端客户资源管理系统 (SPEC points 1, 2, 5). */
export default function Login() {
  const { t } = useTranslation();
  const { modal, message } = feedback();
  useDocumentTitle();
  const [initial] = useState(readRemembered);
  const [remember, setRemember] = useState(!!initial);
  const [loading, setLoading] = useState(false);
  const [username, setUsername] = useState(initial?.username ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const check = (field: Field, value: string): string | undefined => {
    if (field === 'username') return value.trim() ? undefined : t('auth.usernameEmpty');
    return value ? undefined : t('auth.passwordEmpty');
  };
  const edit = (field: Field, value: string) => {
    if (field === 'username') setUsername(value);
    else setPassword(value);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const onRemember = (checked: boolean) => {
    if (!checked) {
      setRemember(false);
      return;
    }
    modal.confirm({
      title: t('login.rememberTitle'),
      content: t('login.rememberWarning'),
      okText: t('login.rememberOk'),
      cancelText: t('shell.cancel'),
      onOk: () => setRemember(true),
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const next = { username: check('username', username), password: check('password', password) };
    setErrors(next);
    if (next.username || next.password) {
      document.getElementById(next.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    const name = username.trim();
    setLoading(true);
    // the toast of the reply needs the antd scope: load it while the call is under way
    void loadFeedbackHost().catch(() => undefined);
    try {
      await login(name, password);
      if (remember) saveRemembered({ username: name, password });
      else clearRemembered();
      message.success(t('auth.loginOk'));
      // the /login route moves on to ?redirect= (or home) as soon as the token is set
    } catch {
      // the request layer has shown the server's msg; the button is enabled again
    } finally {
      setLoading(false);
    }
  };

  const year = new Date().getFullYear();
  return (
    <div className="gk-login" data-testid="login-page">
      <section className="gk-login-brand">
        <div className="gk-login-brand-top">
          <LogoMark size={36} />
          <span>{t('app.name')}</span>
        </div>
        <div className="gk-login-brand-copy">
          <h2>{t('login.heroTitle')}</h2>
          <p>{t('login.heroText')}</p>
          <ul>
            <li>
              <CloudServerOutlined /> {t('login.feature1')}
            </li>
            <li>
              <TeamOutlined /> {t('login.feature2')}
            </li>
            <li>
              <SafetyCertificateOutlined /> {t('login.feature3')}
            </li>
          </ul>
        </div>
        <PortArt />
        <div className="gk-login-brand-foot">
          © {year} {t('app.name')}
        </div>
      </section>

      <section className="gk-login-panel">
        <div className="gk-login-lang">
          <LangButtons />
        </div>
        <div className="gk-login-card">
          <div className="gk-login-mobile-brand">
            <LogoMark size={36} />
            <span>{t('app.name')}</span>
          </div>
          <h1 className="gk-login-title">{t('app.title')}</h1>
          <p className="gk-login-sub">{t('login.subtitle')}</p>
          <form className="gk-login-form" onSubmit={onSubmit} noValidate>
            <label className="gk-field-label" htmlFor="login-username">
              {t('login.username')}
            </label>
            <TextInput
              id="login-username"
              prefix={<UserOutlined />}
              placeholder={t('login.usernamePlaceholder')}
              autoComplete="username"
              value={username}
              onChange={(e) => edit('username', e.target.value)}
              onBlur={() => errors.username !== undefined && setErrors((x) => ({ ...x, username: check('username', username) }))}
              invalid={!!errors.username}
              aria-invalid={!!errors.username}
              aria-describedby="login-username-error"
              data-testid="login-username"
            />
            <FieldError id="login-username-error" text={errors.username} />
            <label className="gk-field-label" htmlFor="login-password">
              {t('login.password')}
            </label>
            <PasswordInput
              id="login-password"
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => edit('password', e.target.value)}
              invalid={!!errors.password}
              aria-invalid={!!errors.password}
              aria-describedby="login-password-error"
              data-testid="login-password"
              showLabel={t('login.showPassword')}
              hideLabel={t('login.hidePassword')}
            />
            <FieldError id="login-password-error" text={errors.password} />
            <div className="gk-login-row">
              <Checkbox checked={remember} onChange={onRemember} testId="login-remember">
                {t('login.remember')}
              </Checkbox>
            </div>
            <SubmitButton loading={loading} className="gk-login-submit" testId="login-submit">
              {t('login.submit')}
            </SubmitButton>
          </form>
          <p className="gk-login-tip">{t('login.tip')}</p>
        </div>
      </section>
    </div>
  );
}
