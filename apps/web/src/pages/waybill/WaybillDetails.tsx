import { waybillResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';

/** 历史版本 in the head */
const revisions = withRevisions(waybillResource);

/** /waybill/waybill-details?id=: basic information, the sketch picture (one) and the template content in the rich-text editor. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [{ name: 'code', maxLength: 50 }, { name: 'name', maxLength: 100 }, { name: 'sortNo' }, { name: 'enableFlag' }],
  },
  { key: 'sketch', title: 'waybill.f.sketchImg', columns: 1, fields: [{ name: 'sketchImg', hideLabel: true }] },
  { key: 'content', title: 'waybill.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
];

const defaults = { enableFlag: 1 };

export default function WaybillDetails() {
  return (
    <DetailPage
      resource={waybillResource}
      headExtra={revisions}
      sections={sections}
      listRoute="/waybill/waybill-list"
      defaults={defaults}
    />
  );
}
