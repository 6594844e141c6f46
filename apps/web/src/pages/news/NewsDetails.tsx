import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';
import { newsEndpoints, newsResource } from './NewsDetails.contracts';

/** 历史版本 in the head */
const revisions = withRevisions(newsResource);

import { publishActions } from '../../components/publish/PublishBar';

/** /news/news-details?id=: basic information, the summary image, the rich-text body. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'title', maxLength: 200 },
      { name: 'type', widget: 'remote', remote: { url: newsEndpoints.typeList.path, labelField: 'typeName' } },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
      { name: 'isTop' },
      { name: 'isHot' },
    ],
  },
  { key: 'image', title: 'news.f.summaryImg', columns: 1, fields: [{ name: 'summaryImg', hideLabel: true }] },
  { key: 'content', title: 'news.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
];

const defaults = { isTop: 0, isHot: 0 };

export default function NewsDetails() {
  return (
    <DetailPage
      resource={newsResource}
      sections={sections}
      listRoute="/news/news-list"
      defaults={defaults}
      headExtra={revisions}
      actions={publishActions(
        newsResource,
        newsEndpoints.publish,
        newsEndpoints.unpublish,
        newsEndpoints.preview,
        newsEndpoints.previewForm,
      )}
    />
  );
}
