import { supplierResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';

/** /supplier/supplier-details?id=: basic information and the supplier logo (one image). */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [{ name: 'name', maxLength: 100 }, { name: 'sortNo' }, { name: 'summary', widget: 'textarea', maxLength: 1000 }],
  },
  { key: 'logo', title: 'supplier.f.logo', columns: 1, fields: [{ name: 'logo', hideLabel: true }] },
];

export default function SupplierDetails() {
  return <DetailPage resource={supplierResource} sections={sections} listRoute="/supplier/supplier-list" />;
}
