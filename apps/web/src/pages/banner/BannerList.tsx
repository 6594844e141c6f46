import { useMemo } from 'react';
import type { ColumnOverride, Row } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useTranslation } from '../../lib/i18n';
import { bannerResource } from './BannerList.contracts';
import { bannerTypeOptions } from './bannerTypes';

/**
 * /banner/banner-list: search by title and banner page (全部 + the four pages); details on their own page.
 * It also serves SPEC's "simple list variant" (name, url, sortNo, enableFlag): see docs/decisions.md.
 */
const search: SearchFieldConfig[] = [{ name: 'title' }, { name: 'bannerType', widget: 'select', options: bannerTypeOptions, all: true }];

export default function BannerList() {
  const { t } = useTranslation();
  // the banner page in the user's language (the server's bannerTypeName is the Chinese name)
  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({
      bannerTypeName: {
        width: 200,
        render: (v: unknown, row: Row) => t(`banner.type.${row.bannerType}`, { defaultValue: String(v ?? '') }),
      },
    }),
    [t],
  );
  return <ListPage resource={bannerResource} search={search} columns={columns} detailRoute="/banner/banner-details" />;
}

export const preload = listPreload({ resource: bannerResource, search });
