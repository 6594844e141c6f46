import {
  type DashboardChange,
  type DashboardStats,
  type DashboardTranslation,
  dashboardEndpoints,
  localeLabel,
  type Reply,
} from '@gk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Typography } from 'antd';
import { Link } from 'react-router';
import { post } from '../../api/request';
import { currentLang, useTranslation } from '../../lib/i18n';

/** the same list filtered to another status */
export function withStatus(url: string, status: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('translationStatus', status);
  return `${path}?${params}`;
}

/** 待翻译: per area and locale, what is missing and what is outdated, each opening the filtered list */
function TranslationsCard({ rows }: { rows: DashboardTranslation[] }) {
  const { t } = useTranslation();
  const uiLang = currentLang();
  const open = rows.filter((r) => r.missing > 0 || r.outdated > 0);
  if (!open.length) return null;
  return (
    <Card className="gk-home-card" title={t('home.translations')} data-testid="home-translations">
      <div className="gk-links">
        {open.map((r) => (
          <div key={`${r.resource}:${r.locale}`} className="gk-link-tile" data-testid="home-translation">
            <span className="gk-link-text">
              <small>
                {r.name} · {localeLabel(r.locale, uiLang)}
              </small>
              <span>
                <Link to={withStatus(r.url, 'missing')} data-testid="home-translation-missing">
                  {t('home.translationMissing', { count: r.missing })}
                </Link>
                {' · '}
                <Link to={withStatus(r.url, 'outdated')} data-testid="home-translation-outdated">
                  {t('home.translationOutdated', { count: r.outdated })}
                </Link>
              </span>
            </span>
          </div>
        ))}
      </div>
    </Card>
  );
}

function Changes({ rows, showUser }: { rows: DashboardChange[]; showUser?: boolean }) {
  const { t } = useTranslation();
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noEdits')} />;
  return (
    <List
      size="small"
      dataSource={rows}
      renderItem={(r) => (
        // one line: time, who, what, then the title cut with an ellipsis (whole in its tooltip), never wrapped
        <List.Item className="gk-home-change">
          <Typography.Text type="secondary" className="gk-home-change-fixed">
            {r.operTime.slice(5, 16)}
          </Typography.Text>{' '}
          {showUser && <span className="gk-home-change-fixed">{r.userName} </span>}
          <span className="gk-home-change-fixed">
            {r.actionName} {r.moduleName}
          </span>{' '}
          <Typography.Text ellipsis={{ tooltip: r.title }} className="gk-home-change-title">
            {r.url ? <Link to={r.url}>{r.title}</Link> : r.title}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** The home page's figures: content per area, drafts and scheduled items waiting, recycle bin, failed logins (admins), my edits, the latest changes. */
export function HomeStats() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['dashboard-stats'],
    queryFn: () => post<Reply<DashboardStats>>(dashboardEndpoints.stats.path).then((r) => r.data!),
  });
  const s = q.data;
  if (!s) return null;
  return (
    <div className="gk-home-stats" data-testid="home-stats">
      <Card className="gk-home-card" title={t('home.counts')}>
        <div className="gk-links">
          {s.counts.map((c) => (
            <Link key={c.resource} to={c.url} className="gk-link-tile" data-testid="home-count">
              <span className="gk-link-text">
                <small>{c.name}</small>
                <strong>{c.count}</strong>
              </span>
            </Link>
          ))}
          {s.recycled != null && (
            <Link to="/recycle/recycle-list" className="gk-link-tile">
              <span className="gk-link-text">
                <small>{t('home.recycled')}</small>
                <strong>{s.recycled}</strong>
              </span>
            </Link>
          )}
          {s.failedLogins != null && s.failedLoginsUrl && (
            <Link to={s.failedLoginsUrl} className="gk-link-tile" data-testid="home-failed-logins">
              <span className="gk-link-text">
                <small>{t('home.failedLogins')}</small>
                <strong>{t('home.times', { count: s.failedLogins })}</strong>
              </span>
            </Link>
          )}
        </div>
      </Card>
      {s.waiting.length > 0 && (
        <Card className="gk-home-card" title={t('home.waiting')}>
          <div className="gk-links">
            {s.waiting.map((w) => (
              <div key={w.resource} className="gk-link-tile" data-testid="home-waiting">
                <span className="gk-link-text">
                  <small>{w.name}</small>
                  <span>
                    <Link to={w.draftsUrl} data-testid="home-drafts">
                      {t('home.drafts', { count: w.drafts })}
                    </Link>
                    {' · '}
                    <Link to={w.scheduledUrl} data-testid="home-scheduled">
                      {t('home.scheduled', { count: w.scheduled })}
                    </Link>
                  </span>
                </span>
              </div>
            ))}
          </div>
        </Card>
      )}
      <TranslationsCard rows={s.translations ?? []} />
      <div className="gk-home-grid">
        <Card className="gk-home-card" title={t('home.myEdits')}>
          <Changes rows={s.myEdits} />
        </Card>
        {s.latest && (
          <Card className="gk-home-card" title={<Link to="/monitor/operlog-list">{t('home.latest')}</Link>}>
            <Changes rows={s.latest} showUser />
          </Card>
        )}
      </div>
    </div>
  );
}
