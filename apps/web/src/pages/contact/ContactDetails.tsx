import { contactResource } from '@gk/contracts';
import { DetailPage, type DetailSection } from '../../components/DetailPage';
import { withRevisions } from '../../components/revisions/withRevisions';

/** 历史版本 in the head */
const revisions = withRevisions(contactResource);

/**
 * /contact/contact-details?id=: the basic information and the four pictures (QR code, transparent image,
 * opaque image, icon). An upload failure here says 上传失败，请重试 (SPEC point 8).
 */
const sections: DetailSection[] = [
  {
    key: 'basic',
    title: 'ui.section.basic',
    fields: [
      { name: 'organizers', maxLength: 200 },
      { name: 'address', maxLength: 300 },
      // no counter: a longer phone gets the contract's 电话不得超过30位
      { name: 'phone' },
      { name: 'recordNumber', maxLength: 100 },
      { name: 'enableFlag' },
    ],
  },
  {
    key: 'pictures',
    title: 'ui.section.pictures',
    fields: [
      { name: 'img', full: false },
      { name: 'pngLogo', full: false },
      { name: 'jpgLogo', full: false },
      { name: 'iconImg', full: false },
    ],
  },
];

const defaults = { enableFlag: 0 };

export default function ContactDetails() {
  return (
    <DetailPage
      headExtra={revisions}
      resource={contactResource}
      sections={sections}
      listRoute="/contact/contact-list"
      defaults={defaults}
      uploadErrorMessage="upload.failed"
    />
  );
}
