import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type DeptNode, deptEndpoints } from '@gk/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { DeptTreeSelect, idsBelow, useDeptTree } from './deptTree';

type Editing = { id?: number; parentId: number | null; name?: string; sortNo?: number; enableFlag?: number; isRoot?: boolean };

/**
 * 系统管理 › 部门管理 (/system/dept-list, issue 25): the organisation tree as a tree table — 新增下级, 编辑 and 删除
 * (confirmed; the server refuses a department that still has sub-departments or users and names them). The head
 * office is the root: it cannot be moved or deleted. Buttons the user lacks are disabled with the usual tooltip.
 */
export default function DeptList() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = usePermission();
  const { tree, loading, reload } = useDeptTree(deptEndpoints.tree.path);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm();
  const mayWrite = can(deptEndpoints.save.path);
  const mayDelete = can(deptEndpoints.del.path);
  const noPermission = t('ui.noSavePermission');
  const expanded = useMemo(() => {
    const keys: number[] = [];
    const walk = (nodes: DeptNode[]) => {
      for (const n of nodes) {
        if (n.children?.length) keys.push(n.id);
        walk(n.children ?? []);
      }
    };
    walk(tree);
    return keys;
  }, [tree]);
  const [collapsed, setCollapsed] = useState<readonly React.Key[] | null>(null);

  const open = (value: Editing) => {
    setEditing(value);
    form.resetFields();
    form.setFieldsValue({ enableFlag: 1, sortNo: 0, ...value });
  };
  const save = async () => {
    const values = await form.validateFields();
    try {
      const reply = await withLoading(post(deptEndpoints.save.path, { ...values, id: editing?.id, enableFlag: values.enableFlag ? 1 : 0 }));
      message.success(reply.msg);
      setEditing(null);
      reload();
    } catch {
      // the request layer showed why
    }
  };
  const remove = async (row: DeptNode) => {
    try {
      const reply = await withLoading(post(deptEndpoints.del.path, { id: row.id }));
      message.success(reply.msg);
      reload();
    } catch {
      // the request layer showed why (sub-departments or users, named)
    }
  };
  const guard = (allowed: boolean, node: React.ReactElement, why = noPermission) =>
    allowed ? node : <Tooltip title={why}>{node}</Tooltip>;

  const columns = [
    { title: t('dept.f.name'), dataIndex: 'name', key: 'name' },
    { title: t('dept.f.sortNo'), dataIndex: 'sortNo', key: 'sortNo', width: 90 },
    { title: t('dept.f.userCount'), dataIndex: 'userCount', key: 'userCount', width: 100 },
    {
      title: t('dept.f.enableFlag'),
      dataIndex: 'enableFlag',
      key: 'enableFlag',
      width: 110,
      render: (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{t(v === 1 ? 'ui.yes' : 'ui.no')}</Tag>,
    },
    { title: t('common.f.createTime'), dataIndex: 'createTime', key: 'createTime', width: 180 },
    {
      title: t('ui.list.actions'),
      key: 'actions',
      width: 280,
      fixed: 'right' as const,
      render: (_: unknown, row: DeptNode) => (
        <Space size={0} wrap>
          {guard(
            mayWrite,
            <Button type="link" size="small" icon={<PlusOutlined />} disabled={!mayWrite} onClick={() => open({ parentId: row.id })}>
              {t('dept.addChild')}
            </Button>,
          )}
          {guard(
            mayWrite,
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              disabled={!mayWrite}
              onClick={() =>
                open({
                  id: row.id,
                  parentId: row.parentId,
                  name: row.name,
                  sortNo: row.sortNo,
                  enableFlag: row.enableFlag,
                  isRoot: row.parentId == null,
                })
              }
            >
              {t('ui.edit')}
            </Button>,
          )}
          {row.parentId == null ? (
            <Tooltip title={t('dept.rootLocked')}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled>
                {t('ui.delete')}
              </Button>
            </Tooltip>
          ) : mayDelete ? (
            <Popconfirm title={t('dept.deleteConfirm', { name: row.name })} onConfirm={() => remove(row)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('ui.delete')}
              </Button>
            </Popconfirm>
          ) : (
            guard(
              false,
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled>
                {t('ui.delete')}
              </Button>,
            )
          )}
        </Space>
      ),
    },
  ];

  const root = tree[0];
  return (
    <Card>
      <Space style={{ marginBottom: 12 }}>
        {guard(
          mayWrite,
          <Button type="primary" icon={<PlusOutlined />} disabled={!mayWrite || !root} onClick={() => open({ parentId: root?.id ?? null })}>
            {t('ui.add')}
          </Button>,
        )}
        <Button icon={<ApartmentOutlined />} onClick={() => setCollapsed((c) => (c && c.length === 0 ? null : []))}>
          {t(collapsed && collapsed.length === 0 ? 'role.tree.expandAll' : 'role.tree.collapseAll')}
        </Button>
      </Space>
      <Table<DeptNode>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
        expandable={{ expandedRowKeys: collapsed ?? expanded, onExpandedRowsChange: (keys) => setCollapsed(keys) }}
      />
      <Modal
        open={!!editing}
        title={t(editing?.id ? 'ui.detail.editTitle' : 'ui.detail.newTitle', { entity: t('dept.entity') })}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText={t('ui.save')}
        cancelText={t('ui.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          {editing?.isRoot ? null : (
            <Form.Item name="parentId" label={t('dept.f.parentId')} rules={[{ required: true, message: t('dept.parentRequired') }]}>
              <DeptTreeSelect path={deptEndpoints.tree.path} disabledIds={editing?.id ? idsBelow(tree, editing.id) : undefined} />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('dept.f.name')} rules={[{ required: true, whitespace: true, message: t('dept.nameRequired') }]}>
            <Input maxLength={50} showCount />
          </Form.Item>
          <Form.Item name="sortNo" label={t('dept.f.sortNo')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder={t('ui.form.sortPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="enableFlag"
            label={t('dept.f.enableFlag')}
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
          >
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
