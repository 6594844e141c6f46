import { allResources, type ResourceDef } from '@gk/contracts';
import { DetailPage } from '../DetailPage';
import { ListPage } from '../list/ListPage';
import { listPreload } from '../list/useListController';
import { publishColumns } from '../publish/config';
import { PublishBar } from '../publish/PublishBar';
import { withRevisions } from '../revisions/withRevisions';
import { defaultsOf, hasRevisions, publishCallsOf, searchOf, sectionsOf } from './screens';

/**
 * The list and details screens of a resource that declares `menu` and ships no screen file (pages/menuViews.ts,
 * `virtual:gk-views` loads this module and calls `listView` / `detailsView` with the resource's name): the
 * columns, search form, form sections, publish bar and 历史版本 follow from its description (./screens.ts).
 * A file named by the screen's route name (`pages/job/JobList.tsx`) replaces them.
 */
function resourceOf(name: string): ResourceDef {
  const r = allResources().find((x) => x.name === name);
  if (!r) throw new Error(`no resource "${name}" in the contracts`);
  return r;
}

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

export function detailsView(name: string) {
  const resource = resourceOf(name);
  const sections = sectionsOf(resource);
  const defaults = defaultsOf(resource);
  const calls = publishCallsOf(resource);
  const revisions = hasRevisions(resource) ? withRevisions(resource) : undefined;
  const listRoute = resource.menu?.list.url;
  const actions = calls
    ? (api: Parameters<typeof PublishBar>[0]['api']) => <PublishBar api={api} resource={resource} {...calls} />
    : undefined;
  function ResourceDetails() {
    return (
      <DetailPage
        resource={resource}
        sections={sections}
        defaults={defaults}
        listRoute={listRoute}
        headExtra={revisions}
        extraActions={actions}
      />
    );
  }
  return { default: ResourceDetails };
}
