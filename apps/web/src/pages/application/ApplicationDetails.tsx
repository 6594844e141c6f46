import { applicationEndpoints, applicationResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';

/** /application/application-details?id=: basic information and the icon; a new one returns to the list. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'name', maxLength: 100 },
      { name: 'type', widget: 'remote', remote: { url: applicationEndpoints.typeList.path, labelField: 'typeName' } },
      { name: 'url', maxLength: 500 },
      { name: 'sortNo' },
    ],
  },
  { key: 'icon', title: 'application.f.icon', columns: 1, fields: [{ name: 'icon', hideLabel: true }] },
];

export default function ApplicationDetails() {
  return <DetailPage resource={applicationResource} sections={sections} listRoute="/application/application-list" />;
}
