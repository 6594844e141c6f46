import { ListPage } from '../list/ListPage';
import { listPreload } from '../list/useListController';
import { publishColumns } from '../publish/config';
import { publishCallsOf, resourceOf, searchOf } from './screens';

/**
 * The list screen of a resource that declares `menu` and ships no list file (pages/menuViews.ts: `virtual:gk-views`
 * loads this module and calls `listView` with the resource's name): its search form, columns and publish state come
 * from its description (./screens.ts); 新增 / 编辑 open the details screen its menu declares. A file named by the
 * screen's route name (`pages/job/JobList.tsx`) replaces it.
 */
export function listView(name: string) {
  const resource = resourceOf(name);
  const search = searchOf(resource);
  const columns = publishCallsOf(resource) ? publishColumns : undefined;
  const detailRoute = resource.menu?.details?.url;
  function ResourceList() {
    return <ListPage resource={resource} search={search} columns={columns} detailRoute={detailRoute} />;
  }
  return { default: ResourceList, preload: listPreload({ resource, search }) };
}
