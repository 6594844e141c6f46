import { businessTypeResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';

/**
 * /business/business-type-details?id=: basic information and the sketch (one picture). The get call answers
 * the bare entity (`getReply: 'entity'` in the contract), which DetailPage reads as such.
 */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'name', maxLength: 100 },
      { name: 'code', maxLength: 50 },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
      { name: 'sortNo' },
    ],
  },
  { key: 'sketch', title: 'businessType.f.summaryImg', columns: 1, fields: [{ name: 'summaryImg', hideLabel: true }] },
];

export default function BusinessTypeDetails() {
  return <DetailPage resource={businessTypeResource} sections={sections} listRoute="/business/business-type-list" />;
}
