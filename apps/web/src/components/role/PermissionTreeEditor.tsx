import type { PermissionNode } from '@gk/contracts';
import { Button, Empty, Input, Space, Switch, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import './PermissionTreeEditor.css';

/** Each node of the tree with its parent and everything under it. */
interface Info {
  node: PermissionNode;
  parent: string | null;
  /** the screens and buttons under it */
  below: string[];
}

export function indexTree(nodes: PermissionNode[]): Map<string, Info> {
  const out = new Map<string, Info>();
  const visit = (list: PermissionNode[], parent: string | null): string[] => {
    const keys: string[] = [];
    for (const n of list) {
      const below = visit(n.children ?? [], n.key);
      out.set(n.key, { node: n, parent, below });
      keys.push(...(isHeld(n, parent) ? [n.key] : []), ...below);
    }
    return keys;
  };
  visit(nodes, null);
  return out;
}

/** a key a role holds: a screen (a menu under a first level) or a button; first levels and groups are derived */
function isHeld(n: PermissionNode, parent: string | null): boolean {
  return n.kind === 'button' || (n.kind === 'menu' && parent !== null);
}

/**
 * The keys after ticking (`on`) or unticking `key` (issue 25). A button always brings its screen (holding it grants
 * the screen: the server does the same); unticking a screen drops its buttons. With 父子联动 (`linked`), ticking a
 * screen or a first level ticks every button under it; without, a first level ticks its screens only. Only
 * `grantable` keys change.
 */
export function toggleKey(
  index: Map<string, Info>,
  held: readonly string[],
  key: string,
  on: boolean,
  linked: boolean,
  grantable: (key: string) => boolean,
): string[] {
  const next = new Set(held);
  const info = index.get(key);
  if (!info) return [...next];
  const add = (k: string) => grantable(k) && next.add(k);
  const kindOf = (k: string) => index.get(k)?.node.kind;
  if (!isHeld(info.node, info.parent)) {
    // a first level or a group
    for (const k of info.below) {
      if (!on) next.delete(k);
      else if (linked || kindOf(k) !== 'button' || info.node.kind === 'group') add(k);
    }
  } else if (info.node.kind === 'menu') {
    if (on) {
      add(key);
      if (linked) for (const k of info.below) add(k);
    } else {
      next.delete(key);
      for (const k of info.below) next.delete(k);
    }
  } else if (on) {
    add(key);
    const screen = info.parent ? index.get(info.parent) : undefined;
    if (screen && isHeld(screen.node, screen.parent)) add(screen.node.key);
  } else next.delete(key);
  return [...next];
}

/** What the tree shows: held keys ticked; a first level or group ticked when all under it is held, half when some. */
export function shownChecks(index: Map<string, Info>, held: readonly string[]): { checked: string[]; halfChecked: string[] } {
  const set = new Set(held);
  const checked = held.filter((k) => index.has(k));
  const halfChecked: string[] = [];
  for (const [key, info] of index) {
    if (isHeld(info.node, info.parent) || !info.below.length) continue;
    const n = info.below.filter((k) => set.has(k)).length;
    if (n === info.below.length) checked.push(key);
    else if (n > 0) halfChecked.push(key);
  }
  return { checked, halfChecked };
}

interface Props {
  tree: PermissionNode[];
  /** the held keys (screens and buttons) */
  value: string[];
  onChange: (keys: string[]) => void;
  /** keys the user may grant (the others are greyed out) */
  grantable: ReadonlySet<string>;
  readOnly: boolean;
  /** the administrator role: everything ticked */
  all?: boolean;
}

/**
 * The role editor's permission tree (issue 25): first levels, their screens and each screen's buttons, in a bordered
 * box of its own height that scrolls, with a search, RuoYi's 父子联动 switch, expand / collapse all and select all /
 * none. What it ticks is what the server grants: a ticked button's screen is ticked too, 全选 leaves nothing half.
 */
export function PermissionTreeEditor({ tree, value, onChange, grantable, readOnly, all }: Props) {
  const { t } = useTranslation();
  const [linked, setLinked] = useState(true);
  const [search, setSearch] = useState('');
  const index = useMemo(() => indexTree(tree), [tree]);
  const parents = useMemo(() => [...index].filter(([, i]) => i.node.children?.length).map(([k]) => k), [index]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const held = all ? [...index].filter(([, i]) => isHeld(i.node, i.parent)).map(([k]) => k) : value;
  const shown = useMemo(() => shownChecks(index, held), [index, held]);
  const q = search.trim().toLowerCase();

  const treeData: DataNode[] = useMemo(() => {
    const matches = (n: PermissionNode) => !q || n.title.toLowerCase().includes(q) || n.key.toLowerCase().includes(q);
    const toNode = (n: PermissionNode, ancestorMatched: boolean): DataNode | null => {
      const self = matches(n);
      const children = (n.children ?? []).map((c) => toNode(c, ancestorMatched || self)).filter((c): c is DataNode => !!c);
      if (q && !self && !ancestorMatched && !children.length) return null;
      const info = index.get(n.key)!;
      const keys = isHeld(n, info.parent) ? [n.key, ...info.below] : info.below;
      const beyond = !keys.some((k) => grantable.has(k));
      return {
        key: n.key,
        title:
          n.kind === 'button' ? (
            <span>
              {n.title} <Typography.Text type="secondary">{t('role.tree.button')}</Typography.Text>
            </span>
          ) : (
            n.title
          ),
        children: children.length ? children : undefined,
        ...(beyond ? { disableCheckbox: true, className: 'gk-tree-beyond' } : {}),
      };
    };
    return tree.map((n) => toNode(n, false)).filter((n): n is DataNode => !!n);
  }, [tree, index, q, grantable, t]);

  const onCheck = (key: string, on: boolean) => {
    if (readOnly) return;
    onChange(toggleKey(index, value, key, on, linked, (k) => grantable.has(k)));
  };
  const allGrantable = () => [...index].filter(([k, i]) => isHeld(i.node, i.parent) && grantable.has(k)).map(([k]) => k);

  return (
    <div className="gk-perm-tree">
      <Space wrap className="gk-perm-tree-bar">
        <Input.Search
          allowClear
          size="small"
          placeholder={t('role.tree.search')}
          aria-label={t('role.tree.search')}
          style={{ width: 220 }}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Tooltip title={t('role.tree.linkedHint')}>
          <Space size={4}>
            <Switch size="small" checked={linked} onChange={setLinked} aria-label={t('role.tree.linked')} disabled={readOnly} />
            <span>{t('role.tree.linked')}</span>
          </Space>
        </Tooltip>
        <Button size="small" onClick={() => setExpanded(parents)}>
          {t('role.tree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('role.tree.collapseAll')}
        </Button>
        <Button size="small" disabled={readOnly} onClick={() => onChange(allGrantable())}>
          {t('role.tree.selectAll')}
        </Button>
        <Button size="small" disabled={readOnly} onClick={() => onChange([])}>
          {t('role.tree.selectNone')}
        </Button>
      </Space>
      <div className="gk-perm-tree-box" data-testid="permission-tree">
        {treeData.length ? (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            disabled={readOnly}
            treeData={treeData}
            // while searching, every match shows
            expandedKeys={q ? parents : (expanded ?? parents)}
            onExpand={(k) => setExpanded(k as string[])}
            checkedKeys={shown}
            onCheck={(_k, e) => onCheck(String(e.node.key), e.checked)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.tree.noMatch')} />
        )}
      </div>
    </div>
  );
}
