import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { IMAGE_CONTENT_TYPES, isImageName } from '@gk/contracts';
import type { ByteRange, ImageEntry, ImageStore, StoredImage } from './index.js';
import { isRenditionVariant, RENDITIONS_DIR, variantContentType } from './rendition-names.js';

export interface S3Settings {
  /** https://s3.amazonaws.com, http://minio:9000, https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-shanghai.myqcloud.com … */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** path-style URLs (MinIO, most self-hosted servers); virtual-hosted style otherwise (AWS, OSS, COS) */
  forcePathStyle: boolean;
  /** key prefix inside the bucket ('' = the bucket root) */
  prefix: string;
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS), so every server process
 * sees the same images. Same names and rules as the local store; the AWS SDK v3 client loads on first use.
 */
export class S3ImageStore implements ImageStore {
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;

  constructor(readonly settings: S3Settings) {}

  private async s3() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const s = this.settings;
      const s3 = new sdk.S3Client({
        region: s.region,
        ...(s.endpoint ? { endpoint: s.endpoint } : {}),
        forcePathStyle: s.forcePathStyle,
        ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
        // OSS and COS do not accept the newer default checksums on every operation
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, sdk };
    });
    return this.client;
  }

  private key(name: string): string {
    if (typeof name !== 'string' || !isImageName(name)) throw new Error(`invalid image name: ${JSON.stringify(name)}`);
    return `${this.settings.prefix}${name}`;
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const key = this.key(name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    if (IMAGE_CONTENT_TYPES[ext] !== contentType) throw new Error(`content type ${contentType} does not match ${name}`);
    const { s3, sdk } = await this.s3();
    // writing the same bytes again also refreshes the object's time (what the unused-image sweep reads)
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(name: string, range?: ByteRange): Promise<StoredImage | null> {
    if (!isImageName(name)) return null;
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return this.getObject(this.key(name), IMAGE_CONTENT_TYPES[ext], range);
  }

  private async getObject(key: string, contentType: string, range?: ByteRange): Promise<StoredImage | null> {
    const { s3, sdk } = await this.s3();
    try {
      const r = await s3.send(
        new sdk.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = range ? Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1] ?? r.ContentLength ?? 0) : Number(r.ContentLength ?? 0);
      return {
        body: r.Body as Readable,
        contentType,
        size: total,
        modifiedAt: r.LastModified ? r.LastModified.getTime() : Date.now(),
      };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  /** `<prefix>renditions/<name>/`, or the key of one rendition in it */
  private renditionKey(name: string, variant?: string): string {
    if (typeof name !== 'string' || !isImageName(name)) throw new Error(`invalid image name: ${JSON.stringify(name)}`);
    if (variant !== undefined && !isRenditionVariant(variant)) throw new Error(`invalid rendition: ${JSON.stringify(variant)}`);
    return `${this.settings.prefix}${RENDITIONS_DIR}/${name}/${variant ?? ''}`;
  }

  async putRendition(name: string, variant: string, bytes: Buffer, contentType: string): Promise<void> {
    const key = this.renditionKey(name, variant);
    if (variantContentType(variant) !== contentType) throw new Error(`content type ${contentType} does not match ${variant}`);
    const { s3, sdk } = await this.s3();
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async getRendition(name: string, variant: string): Promise<StoredImage | null> {
    if (!isImageName(name) || !isRenditionVariant(variant)) return null;
    return this.getObject(this.renditionKey(name, variant), variantContentType(variant));
  }

  async hasRendition(name: string, variant: string): Promise<boolean> {
    if (!isImageName(name) || !isRenditionVariant(variant)) return false;
    const { s3, sdk } = await this.s3();
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.renditionKey(name, variant) }));
      return true;
    } catch (e) {
      if (notFound(e)) return false;
      throw e;
    }
  }

  /** every key under a prefix, and the folders right below it (with a delimiter) */
  private async listKeys(prefix: string, delimiter?: string): Promise<{ keys: string[]; folders: string[] }> {
    const { s3, sdk } = await this.s3();
    const keys: string[] = [];
    const folders: string[] = [];
    let token: string | undefined;
    do {
      const r = await s3.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }),
      );
      for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key);
      for (const p of r.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix);
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return { keys, folders };
  }

  async renditionsOf(name: string): Promise<string[]> {
    if (!isImageName(name)) return [];
    const prefix = this.renditionKey(name);
    return (await this.listKeys(prefix)).keys
      .map((k) => k.slice(prefix.length))
      .filter(isRenditionVariant)
      .sort();
  }

  async deleteRenditions(name: string): Promise<number> {
    const variants = await this.renditionsOf(name);
    const { s3, sdk } = await this.s3();
    for (const v of variants) await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.renditionKey(name, v) }));
    return variants.length;
  }

  async renditionOwners(): Promise<string[]> {
    const prefix = `${this.settings.prefix}${RENDITIONS_DIR}/`;
    return (await this.listKeys(prefix, '/')).folders.map((f) => f.slice(prefix.length).replace(/\/$/, '')).filter(isImageName);
  }

  async stat(name: string): Promise<{ size: number; modifiedAt: number } | null> {
    if (!isImageName(name)) return null;
    const { s3, sdk } = await this.s3();
    try {
      const r = await s3.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return { size: Number(r.ContentLength ?? 0), modifiedAt: r.LastModified ? r.LastModified.getTime() : 0 };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  /** the original and its renditions (renditions first: a crash in between leaves an original that can make them again) */
  async delete(name: string): Promise<boolean> {
    if (isImageName(name)) await this.deleteRenditions(name);
    if (!(await this.exists(name))) return false;
    const { s3, sdk } = await this.s3();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
    return true;
  }

  async exists(name: string): Promise<boolean> {
    return (await this.stat(name)) != null;
  }

  async list(): Promise<ImageEntry[]> {
    const { s3, sdk } = await this.s3();
    const out: ImageEntry[] = [];
    let token: string | undefined;
    do {
      // the delimiter folds the renditions (`renditions/<name>/…`) into one prefix: the listing stays the originals'
      const r = await s3.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.settings.prefix || undefined,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const o of r.Contents ?? []) {
        const name = (o.Key ?? '').slice(this.settings.prefix.length);
        if (isImageName(name)) out.push({ name, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ? o.LastModified.getTime() : 0 });
      }
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async check(): Promise<void> {
    const { s3, sdk } = await this.s3();
    await s3.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  /** closes the client's connections (the app's close) */
  async close(): Promise<void> {
    if (!this.client) return;
    (await this.client).s3.destroy();
  }
}
