import { companyResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';

/** 历史版本 in the head */
const revisions = withRevisions(companyResource);

/**
 * /contact/company-details: the company profile, one record without a list (get takes no id). Saving
 * reloads it and stays; 放弃修改 puts the stored values back.
 */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'name', maxLength: 200 },
      { name: 'shortName', maxLength: 100 },
      { name: 'address', maxLength: 300 },
      { name: 'phone' },
      { name: 'email', maxLength: 100 },
      { name: 'website', placeholder: 'https://' },
      { name: 'recordNumber', maxLength: 100 },
      { name: 'summary', widget: 'textarea', maxLength: 2000 },
    ],
  },
  { key: 'logo', title: 'company.f.logo', columns: 1, fields: [{ name: 'logo', hideLabel: true }] },
];

export default function CompanyDetails() {
  return <DetailPage resource={companyResource} headExtra={revisions} sections={sections} single />;
}
