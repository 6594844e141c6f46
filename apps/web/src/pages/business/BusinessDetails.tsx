import { businessEndpoints, businessResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';

/** /business/business-details?id= (a partner): basic information and the logo. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'name', maxLength: 100 },
      { name: 'type', widget: 'remote', remote: { url: businessEndpoints.typeList.path, labelField: 'typeName' } },
      { name: 'url', maxLength: 500 },
      { name: 'sortNo' },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
    ],
  },
  { key: 'logo', title: 'business.f.logo', columns: 1, fields: [{ name: 'logo', hideLabel: true }] },
];

export default function BusinessDetails() {
  return <DetailPage resource={businessResource} sections={sections} listRoute="/business/business-list" />;
}
