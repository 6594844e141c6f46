import { bannerResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { bannerTypeOptions } from './bannerTypes';

/** /banner/banner-details?id=: basic information with its time window on the site, and the banner image. */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'title', maxLength: 200 },
      { name: 'name', maxLength: 100 },
      { name: 'bannerType', widget: 'select', options: bannerTypeOptions },
      { name: 'url', maxLength: 500, placeholder: 'banner.urlPlaceholder' },
      { name: 'summary', widget: 'textarea', maxLength: 1000 },
      { name: 'sortNo' },
      { name: 'enableFlag' },
      // a holiday banner switches itself on and off (issue 11)
      { name: 'publishTime' },
      { name: 'offlineTime' },
    ],
  },
  { key: 'image', title: 'banner.section.image', columns: 1, fields: [{ name: 'imgUrl', hideLabel: true }] },
];

const defaults = { enableFlag: 1 };

export default function BannerDetails() {
  return <DetailPage resource={bannerResource} sections={sections} listRoute="/banner/banner-list" defaults={defaults} />;
}
