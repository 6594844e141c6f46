import { Image } from 'antd';

/** An image column's thumbnail (48 px, click to preview): antd's Image, loaded with the first list that shows one. */
export default function ListImage({ src, alt }: { src: string; alt: string }) {
  return <Image src={src} alt={alt} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} preview={{ mask: false }} />;
}
