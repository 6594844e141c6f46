import { policyEndpoints, policyResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';

/** 历史版本 in the head */
const revisions = withRevisions(policyResource);

import { publishActions } from '../../components/publish/PublishBar';

/** /policy/policy-details?id=: basic information, the summary image, the rich-text body. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'title', maxLength: 200, full: true },
      { name: 'author', maxLength: 100 },
      { name: 'source', maxLength: 200 },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
      { name: 'isTop' },
      { name: 'isHot' },
    ],
  },
  { key: 'image', title: 'policy.f.summaryImg', columns: 1, fields: [{ name: 'summaryImg', hideLabel: true }] },
  { key: 'content', title: 'policy.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
];

const defaults = { isTop: 0, isHot: 0 };

export default function PolicyDetails() {
  return (
    <DetailPage
      resource={policyResource}
      headExtra={revisions}
      sections={sections}
      listRoute="/policy/policy-list"
      defaults={defaults}
      actions={publishActions(
        policyResource,
        policyEndpoints.publish,
        policyEndpoints.unpublish,
        policyEndpoints.preview,
        policyEndpoints.previewForm,
      )}
    />
  );
}
