import { DATA_SCOPES, roleEndpoints } from '@gk/contracts';
import { Card, Form, Radio, Tree, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n';
import { toTreeData, useDeptTree } from './deptTree';

/** The 自定义 scope's departments: a checkable tree, each department chosen on its own (no parent-child link). */
function DeptChecks({ value, onChange, disabled }: { value?: number[]; onChange?: (v: number[]) => void; disabled?: boolean }) {
  const { tree, loading } = useDeptTree(roleEndpoints.deptTree.path);
  if (loading && !tree.length) return null;
  return (
    <Card size="small" style={{ maxHeight: 320, overflow: 'auto' }} data-testid="role-scope-depts">
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={toTreeData(tree)}
        checkedKeys={value ?? []}
        onCheck={(k) => onChange?.(((Array.isArray(k) ? k : k.checked) as (string | number)[]).map(Number))}
      />
    </Card>
  );
}

/**
 * 角色详情's 数据权限 section (issue 25): 全部 / 本部门 / 本部门及以下 / 仅本人 / 自定义, and for 自定义 the departments.
 * Lives inside the role form: its `dataScope` and `deptIds` go with the save (the server refuses a scope wider than
 * the editor's own).
 */
export function RoleDataScope({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const scope = Form.useWatch('dataScope');
  return (
    <>
      <Typography.Title level={5}>{t('role.f.dataScope')}</Typography.Title>
      <Form.Item name="dataScope" initialValue="all" extra={t('role.scope.hint')}>
        <Radio.Group disabled={disabled} options={DATA_SCOPES.map((s) => ({ value: s, label: t(`role.scope.${s}`) }))} />
      </Form.Item>
      {scope === 'custom' ? (
        <Form.Item
          name="deptIds"
          label={t('role.f.deptIds')}
          rules={[{ required: true, type: 'array', min: 1, message: t('role.deptsRequired') }]}
        >
          <DeptChecks disabled={disabled} />
        </Form.Item>
      ) : null}
    </>
  );
}
