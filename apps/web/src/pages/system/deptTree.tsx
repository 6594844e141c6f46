import type { DeptNode, Reply } from '@gk/contracts';
import { TreeSelect } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { post } from '../../api/request';
import { useTranslation } from '../../lib/i18n';

/**
 * The department tree (issue 25) as 部门管理, 用户管理 and 角色详情 read it, each through its own call (`path`): the
 * module's operators need no 部门管理 menu. `reload` reads it again (after a save or delete).
 */
export function useDeptTree(path: string): { tree: DeptNode[]; loading: boolean; reload: () => void } {
  const [tree, setTree] = useState<DeptNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again (reload)
  useEffect(() => {
    let live = true;
    setLoading(true);
    post<Reply<DeptNode[]>>(path)
      .then((r) => live && setTree(r.data ?? []))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { tree, loading, reload };
}

export interface DeptTreeData {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children?: DeptTreeData[];
}

/** antd Tree / TreeSelect data; `disabledIds` (a department and what is below it, when moving it) cannot be picked. */
export function toTreeData(nodes: DeptNode[], disabledIds: ReadonlySet<number> = new Set()): DeptTreeData[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.name,
    ...(disabledIds.has(n.id) ? { disabled: true } : {}),
    ...(n.children?.length ? { children: toTreeData(n.children, disabledIds) } : {}),
  }));
}

/** The ids of a department and every one below it. */
export function idsBelow(nodes: DeptNode[], id: number): Set<number> {
  const out = new Set<number>();
  const add = (n: DeptNode) => {
    out.add(n.id);
    for (const c of n.children ?? []) add(c);
  };
  const walk = (list: DeptNode[]) => {
    for (const n of list) {
      if (n.id === id) add(n);
      else walk(n.children ?? []);
    }
  };
  walk(nodes);
  return out;
}

/** A department picker (the user dialog's 部门, the department dialog's 上级部门). */
export function DeptTreeSelect({
  path,
  value,
  onChange,
  id,
  disabledIds,
  disabled,
}: {
  path: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  disabledIds?: ReadonlySet<number>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { tree } = useDeptTree(path);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v == null ? null : Number(v))}
      treeData={toTreeData(tree, disabledIds)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('ui.select.placeholder')}
      disabled={disabled}
      allowClear={false}
      style={{ width: '100%' }}
    />
  );
}
