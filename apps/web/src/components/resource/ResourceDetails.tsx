import { DetailPage } from '../DetailPage';
import { PublishBar } from '../publish/PublishBar';
import { withRevisions } from '../revisions/withRevisions';
import { defaultsOf, hasRevisions, publishCallsOf, resourceOf, sectionsOf } from './screens';

/**
 * The details screen (`?id=`) of a resource that declares `menu` and ships no details file (pages/menuViews.ts:
 * `virtual:gk-views` loads this module and calls `detailsView` with the resource's name): its form sections, publish
 * bar and 历史版本 come from its description (./screens.ts). A file named by the screen's route name
 * (`pages/job/JobDetails.tsx`) replaces it.
 */
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
        actions={actions}
      />
    );
  }
  return { default: ResourceDetails };
}
