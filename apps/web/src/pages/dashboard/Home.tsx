import { ArrowRightOutlined, BulbOutlined, CalendarOutlined, SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import { Avatar, Card, Empty, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../api/request';
import { HOME_NAME, navLinks } from '../../app/routes';
import { MenuIcon } from '../../layout/icons';
import { useRouteTitle } from '../../layout/useRouteTable';
import { dayjsLocale, useTranslation } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { useSession } from '../../stores/session';
import { HomeArt } from './HomeArt';
import { HomeStats } from './HomeStats';

function greetingKey(hour: number): string {
  if (hour < 5) return 'home.evening';
  if (hour < 11) return 'home.morning';
  if (hour < 13) return 'home.noon';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/** /dashboard/home: greets staff with today's date and weekday, shows the figures they open the back-office for, and links to the screens they have. */
export default function Home() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes);
  const buttons = useSession((s) => s.buttons);
  const title = useRouteTitle();
  const [query, setQuery] = useState('');

  // the date line follows the clock across midnight
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 60_000);
    return () => clearInterval(id);
  }, []);
  const today = useMemo(() => now.locale(dayjsLocale(lang)).format(t('home.dateFormat')), [now, t, lang]);

  const links = useMemo(() => navLinks(routes).filter((l) => l.name !== HOME_NAME), [routes]);
  const q = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      links.filter(
        (l) =>
          !q ||
          title(l).toLowerCase().includes(q) ||
          l.title.toLowerCase().includes(q) ||
          (l.group ?? '').toLowerCase().includes(q) ||
          l.path.toLowerCase().includes(q),
      ),
    [links, q, title],
  );

  const name = user?.name || user?.userName || '';
  return (
    <div className="gk-home" data-testid="home">
      <section className="gk-hero">
        <div className="gk-hero-text">
          <div className="gk-hero-date" data-testid="home-date">
            <CalendarOutlined /> {today}
          </div>
          <h1 className="gk-hero-title">{t('home.welcome')}</h1>
          <p className="gk-hero-sub">{t('home.greeting', { greeting: t(greetingKey(now.hour())), name })}</p>
        </div>
        <HomeArt />
      </section>

      <HomeStats />

      <div className="gk-home-grid">
        <Card
          className="gk-home-card"
          title={t('home.quickLinks')}
          extra={
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('home.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="gk-home-search"
              data-testid="home-search"
              aria-label={t('home.searchPlaceholder')}
            />
          }
        >
          {shown.length ? (
            <div className="gk-links">
              {shown.map((l) =>
                l.external ? (
                  <a key={l.key} href={l.path} target="_blank" rel="noopener noreferrer" className="gk-link-tile">
                    <span className="gk-link-icon">
                      <MenuIcon name={l.icon} />
                    </span>
                    <span className="gk-link-text">
                      <strong>{title(l)}</strong>
                      {l.group && <small>{l.groupName ? title({ name: l.groupName, title: l.group }) : l.group}</small>}
                    </span>
                  </a>
                ) : (
                  <Link key={l.key} to={l.path} className="gk-link-tile" data-testid="home-link">
                    <span className="gk-link-icon">
                      <MenuIcon name={l.icon} />
                    </span>
                    <span className="gk-link-text">
                      <strong>{title(l)}</strong>
                      {l.group && <small>{l.groupName ? title({ name: l.groupName, title: l.group }) : l.group}</small>}
                    </span>
                    <ArrowRightOutlined className="gk-link-arrow" />
                  </Link>
                ),
              )}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? t('home.noMatch') : t('home.noLinks')} />
          )}
        </Card>

        <div className="gk-home-side">
          <Card className="gk-home-card" title={t('home.account')}>
            <div className="gk-account">
              <Avatar size={52} src={user?.avatar ? imageUrl(user.avatar) : undefined} className="gk-account-avatar">
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <div>
                <div className="gk-account-name">{name}</div>
                <div className="gk-account-meta">
                  {user?.userName}
                  {user?.customsName ? ` · ${user.customsName}` : ''}
                </div>
                <div className="gk-account-roles">
                  {(user?.roles ?? []).map((r) => (
                    <Tag key={r} color="blue" bordered={false}>
                      {t(`home.role.${r}`, { defaultValue: r })}
                    </Tag>
                  ))}
                </div>
              </div>
            </div>
            <div className="gk-account-facts">
              <div>
                <span>{t('home.menuCount')}</span>
                <strong>{links.length}</strong>
              </div>
              <div>
                <span>{t('home.buttonCount')}</span>
                <strong>{buttons.length}</strong>
              </div>
            </div>
          </Card>
          <Card
            className="gk-home-card"
            title={
              <span>
                <BulbOutlined /> {t('home.tips')}
              </span>
            }
          >
            <ul className="gk-tips">
              <li>{t('home.tip1')}</li>
              <li>{t('home.tip2')}</li>
              <li>{t('home.tip3')}</li>
              <li>
                <SafetyOutlined /> {t('home.tip4')}
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
