import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Drawer, Segmented, Switch, Tooltip } from 'antd';
import { useTranslation } from '../lib/i18n';
import { type ComponentSize, THEME_PRESETS, useSettings } from '../stores/settings';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="gk-setting-row" data-testid={testId}>
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The right-hand settings panel (SPEC point 1); every choice applies at once and persists. */
export function SettingsPanel() {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Drawer
      open={s.panelOpen}
      onClose={() => s.setPanel(false)}
      placement="right"
      size={320}
      title={t('settings.title')}
      className="gk-settings"
      data-testid="settings-panel"
      footer={
        <Button block icon={<UndoOutlined />} onClick={s.reset} data-testid="settings-reset">
          {t('settings.reset')}
        </Button>
      }
    >
      <section className="gk-setting-section">
        <h4>{t('settings.themeColor')}</h4>
        <div className="gk-swatches">
          {THEME_PRESETS.map((p) => {
            const on = s.themeColor.toLowerCase() === p.color;
            return (
              <Tooltip key={p.color} title={t(`settings.color.${p.key}`)}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={t(`settings.color.${p.key}`)}
                  className={`gk-swatch${on ? ' is-on' : ''}`}
                  style={{ background: p.color }}
                  data-color={p.color}
                  onClick={() => s.change('themeColor', p.color)}
                >
                  {on && <CheckOutlined />}
                </button>
              </Tooltip>
            );
          })}
        </div>
      </section>
      <section className="gk-setting-section">
        <h4>{t('settings.layout')}</h4>
        <Row label={t('settings.tagsView')} testId="setting-tagsView">
          <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} aria-label={t('settings.tagsView')} />
        </Row>
        <Row label={t('settings.fixedHeader')} testId="setting-fixedHeader">
          <Switch checked={s.fixedHeader} onChange={(v) => s.change('fixedHeader', v)} aria-label={t('settings.fixedHeader')} />
        </Row>
        <Row label={t('settings.sidebarLogo')} testId="setting-sidebarLogo">
          <Switch checked={s.sidebarLogo} onChange={(v) => s.change('sidebarLogo', v)} aria-label={t('settings.sidebarLogo')} />
        </Row>
        <Row label={t('settings.dark')} testId="setting-dark">
          <Switch checked={s.dark} onChange={(v) => s.change('dark', v)} aria-label={t('settings.dark')} />
        </Row>
      </section>
      <section className="gk-setting-section">
        <h4>{t('settings.size')}</h4>
        <Segmented<ComponentSize>
          block
          value={s.size}
          onChange={(v) => s.change('size', v)}
          data-testid="setting-size"
          options={[
            { value: 'large', label: t('settings.size.large') },
            { value: 'middle', label: t('settings.size.middle') },
            { value: 'small', label: t('settings.size.small') },
          ]}
        />
      </section>
      <p className="gk-setting-note">{t('settings.note')}</p>
    </Drawer>
  );
}
