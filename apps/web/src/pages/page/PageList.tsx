import { useMemo } from 'react';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { ColumnOverride } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useTranslation } from '../../lib/i18n';
import { pageResource } from './PageList.contracts';
import { showTypeOptions } from './showTypes';

/** /page/page-list: page definitions (name, display method), edited in a dialog; delete one at a time. */
const search: SearchFieldConfig[] = [{ name: 'name' }, { name: 'showType', widget: 'select', options: showTypeOptions, all: true }];

const dialog: DialogFormConfig = {
  fields: [
    { name: 'name', maxLength: 100 },
    { name: 'showType', widget: 'select', options: showTypeOptions },
  ],
};

export default function PageList() {
  const { t } = useTranslation();
  // the display method by its label (拼接 / 选项卡), not its code
  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({ showType: { width: 160, render: (v: unknown) => t(`page.showType.${v}`, { defaultValue: String(v ?? '') }) } }),
    [t],
  );
  return <ListPage resource={pageResource} search={search} columns={columns} dialog={dialog} />;
}

export const preload = listPreload({ resource: pageResource, search });
