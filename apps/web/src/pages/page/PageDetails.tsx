import { pageEndpoints, pageItemResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';

/** 历史版本 in the head */
const revisions = withRevisions(pageItemResource);

import { publishActions } from '../../components/publish/PublishBar';

/** /page/page-details?id=: a page item (basic information, summary image, rich-text body); back to /page/pageItems-list. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'title', maxLength: 200 },
      { name: 'pageId', widget: 'remote', remote: { url: pageEndpoints.list.path, labelField: 'pageName' } },
      { name: 'tag', maxLength: 100 },
      { name: 'sortNo' },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
      { name: 'isTop' },
      { name: 'isHot' },
    ],
  },
  { key: 'image', title: 'pageItem.f.summaryImg', columns: 1, fields: [{ name: 'summaryImg', hideLabel: true }] },
  { key: 'content', title: 'pageItem.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
];

const defaults = { isTop: 0, isHot: 0 };

export default function PageDetails() {
  return (
    <DetailPage
      resource={pageItemResource}
      headExtra={revisions}
      sections={sections}
      listRoute="/page/pageItems-list"
      defaults={defaults}
      actions={publishActions(
        pageItemResource,
        pageEndpoints.itemPublish,
        pageEndpoints.itemUnpublish,
        pageEndpoints.itemPreview,
        pageEndpoints.itemPreviewForm,
      )}
    />
  );
}
