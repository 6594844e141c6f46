import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { type PermissionNode, type Reply, ROLES, roleEndpoints, roleResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Space, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withLoading } from '../../api/loading';
import { invalidateResource } from '../../api/queries';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import '../../components/components.css';
import { FormFields } from '../../components/form/FormFields';
import { indexTree, PermissionTreeEditor } from '../../components/role/PermissionTreeEditor';
import { useOwnGrants } from '../../lib/grants';
import { usePermission } from '../../lib/Permission';
import { useUnsavedChanges } from '../../lib/unsaved';
import { RoleDataScope } from './RoleDataScope';

const LIST = '/system/role-list';

type Role = { id: number; code: string; name: string; sortNo: number; enableFlag: number; remark: string; permissions: string[] };

/** the keys a role can hold: screens (menus under a first level) and buttons; first levels and groups follow from them */
function heldKeys(nodes: PermissionNode[]): Set<string> {
  const out = new Set<string>();
  for (const [key, info] of indexTree(nodes)) if (info.node.kind === 'button' || (info.node.kind === 'menu' && info.parent)) out.add(key);
  return out;
}

/**
 * 系统管理 › 角色详情 (/system/role-details, `?id=` to edit): the role's basic fields and its permission tree —
 * every screen and, under each, its own buttons (components/role/PermissionTreeEditor: search, 父子联动, expand /
 * collapse all, select all / none). What is saved is exactly what the server enforces (a screen is held when it or
 * one of its buttons is, issue 25). The administrator role holds everything: its tree is shown checked and cannot be
 * changed. Leaving with unsaved changes asks first.
 * Nobody grants what they do not hold (issue 21): keys the user lacks are greyed out; a role the user holds, or one
 * holding more than the user, is shown read-only with the reason — as the server would refuse its save.
 */
export default function RoleDetails() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form] = Form.useForm();
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [checked, setCheckedState] = useState<string[]>([]);
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = useCallback((v: boolean) => {
    dirtyRef.current = v;
    setDirtyState(v);
  }, []);
  useUnsavedChanges(dirty, dirtyRef);
  const setChecked = (keys: string[]) => {
    setCheckedState(keys);
    setDirty(true);
  };
  const [role, setRole] = useState<Role | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const keys = useMemo(() => heldKeys(tree), [tree]);
  const isAdmin = role?.code === ROLES.ADMIN;
  const own = useOwnGrants();
  // a role the user holds, or one holding more than the user, cannot be changed by them: the reason, else null
  const lockedBy = useMemo(() => {
    if (!role || own.admin) return null;
    if (own.roles.includes(role.code)) return t('role.ownRole', { name: role.name });
    if (role.code === ROLES.ADMIN || role.permissions.some((k) => !own.has(k))) return t('role.notCovered', { name: role.name });
    return null;
  }, [role, own, t]);
  // without 保存角色 the page still shows the role; 保存 is disabled and says why
  const mayWrite = usePermission()(roleEndpoints.save.path);
  const maySave = mayWrite && !lockedBy;
  const readOnly = isAdmin || !!lockedBy;
  /** the keys the user may grant */
  const grantable = useMemo(() => new Set([...keys].filter((k) => own.has(k))), [keys, own]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const treeReply = await post<Reply<PermissionNode[]>>(roleEndpoints.tree.path);
      const nodes = treeReply.data ?? [];
      setTree(nodes);
      const held = heldKeys(nodes);
      if (id) {
        const r = await post<Reply<Role>>(roleEndpoints.get.path, undefined, { params: { id } });
        const data = r.data as Role;
        setRole(data);
        form.setFieldsValue(data);
        // screens and buttons: the tree derives (half-)checked first levels from them
        setCheckedState(data.permissions.filter((k) => held.has(k)));
      } else {
        form.setFieldsValue({ enableFlag: 1, sortNo: 0 });
        setCheckedState([]);
      }
      setDirty(false);
    } catch {
      // the request layer told the user why
    } finally {
      setLoading(false);
    }
  }, [id, form, setDirty]);

  useEffect(() => {
    void load();
  }, [load]);

  const someBeyond = !own.admin && grantable.size < keys.size;

  const onSave = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { ...(role ? { id: role.id } : {}), ...values, permissions: checked.filter((k) => grantable.has(k)) };
      const reply = await withLoading(post<Reply<Role>>(roleEndpoints.save.path, body));
      message.success(reply.msg || t('common.saved'));
      setDirty(false);
      void invalidateResource(client, roleResource);
      if (!role) navigate(LIST);
      else await load();
    } catch {
      // the request layer told the user why; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('ui.detail.backToList')} onClick={() => navigate(LIST)} />
            {t('role.entity')}
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(LIST)}>{t('ui.cancel')}</Button>
            <Tooltip title={maySave ? undefined : (lockedBy ?? t('ui.noSavePermission'))}>
              {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
              <span className="gk-tooltip-wrap">
                <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={loading || !maySave} onClick={onSave}>
                  {t('ui.save')}
                </Button>
              </span>
            </Tooltip>
          </Space>
        }
      >
        <Typography.Title level={5}>{t('role.section.basic')}</Typography.Title>
        <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)}>
          <FormFields
            resource={roleResource}
            columns={2}
            fields={[
              { name: 'code', maxLength: 32 },
              { name: 'name', maxLength: 64 },
              { name: 'sortNo', widget: 'number' },
              { name: 'enableFlag' },
              { name: 'remark', widget: 'textarea', full: true, maxLength: 200 },
            ]}
          />
          <RoleDataScope disabled={readOnly} />
        </Form>
        <Typography.Title level={5}>{t('role.tree.title')}</Typography.Title>
        {isAdmin ? <Alert type="info" showIcon title={t('role.tree.adminHint')} style={{ marginBottom: 12 }} /> : null}
        {lockedBy && !isAdmin ? (
          <Alert type="warning" showIcon title={lockedBy} style={{ marginBottom: 12 }} data-testid="role-locked" />
        ) : null}
        {someBeyond && !readOnly ? <Alert type="info" showIcon title={t('role.tree.beyondHint')} style={{ marginBottom: 12 }} /> : null}
        <PermissionTreeEditor tree={tree} value={checked} onChange={setChecked} grantable={grantable} readOnly={readOnly} all={isAdmin} />
      </Card>
    </Spin>
  );
}
