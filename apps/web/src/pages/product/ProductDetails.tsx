import { productResource, supplierEndpoints } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';

/** /product/product-details?id=: basic information (supplier picked from the suppliers) and the icon image. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'supplierId', widget: 'remote', remote: { url: supplierEndpoints.list.path, valueKey: 'id', labelField: 'supplierName' } },
      { name: 'name', maxLength: 200 },
      { name: 'url', maxLength: 500 },
      { name: 'sortNo' },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
    ],
  },
  { key: 'icon', title: 'product.section.icon', columns: 1, fields: [{ name: 'img', hideLabel: true }] },
];

export default function ProductDetails() {
  return <DetailPage resource={productResource} sections={sections} listRoute="/product/product-list" />;
}
