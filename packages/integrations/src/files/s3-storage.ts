// The S3-compatible adapter of the domain's FileStorage port (AWS S3, MinIO, Cloudflare R2, …),
// so several API and worker processes on several machines share one set of files.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOfPath, type FileStorage, isSafeStoragePath } from '@doppel/domain/ports';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** Another S3-compatible server (MinIO, R2, a local fake); unset is AWS's own endpoint for the region. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `/{bucket}/{key}` addressing, which MinIO and most local servers need; AWS takes either. */
  forcePathStyle: boolean;
  /** A folder in the bucket all keys live under, e.g. `production` for `production/talents/…`. */
  prefix?: string;
};

/** Long enough for a 10 MB upload on a slow link, short enough that a hung store fails the request. */
const requestTimeoutMs = 30_000;
const connectionTimeoutMs = 5_000;
/** The SDK's standard retry: 3 attempts with jittered back-off on throttling, 5xx and network errors. */
const maxAttempts = 3;

/**
 * The SDK gets every setting explicitly, so it reads no AWS_* variable or ~/.aws file: a process's
 * configuration stays in its env.ts. Checksums only where the API requires them, because several
 * S3-compatible servers refuse the newer flexible-checksum headers.
 */
function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts,
    retryMode: 'standard',
    defaultsMode: 'standard',
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    authSchemePreference: ['sigv4'],
    sigv4aSigningRegionSet: [config.region],
    disableS3ExpressSessionAuth: true,
    useArnRegion: false,
    useDualstackEndpoint: false,
    useFipsEndpoint: false,
    userAgentAppId: 'doppel',
  });
}

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || (error.name === 'NotFound' && error.$metadata.httpStatusCode === 404));

/**
 * Files as objects in one bucket, under the optional prefix. Paths are checked exactly as on local
 * disk, and the served content type comes from the extension, never from what the store answers.
 * Objects stay private (no ACL is set): the API reads them and serves them through its
 * access-checked routes.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = createS3Client(config);
  const prefix = config.prefix?.replace(/^\/+|\/+$/g, '');
  const keyOf = (path: string) => (prefix ? `${prefix}/${path}` : path);
  return {
    async put(path, bytes, contentType) {
      if (!isSafeStoragePath(path)) throw new Error(`Refusing to store a file at an unsafe path: ${JSON.stringify(path)}`);
      if (contentTypeOfPath(path) !== contentType) throw new Error(`${path} cannot hold ${contentType}`);
      // One PUT replaces the object whole, so a reader never sees half a file.
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(path),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async read(path) {
      const contentType = contentTypeOfPath(path);
      if (!isSafeStoragePath(path) || !contentType) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(path) }));
        if (!object.Body) return undefined;
        return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(path) {
      // S3 answers a delete of a missing key with success too.
      if (isSafeStoragePath(path)) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(path) }));
    },
    async exists(path) {
      if (!isSafeStoragePath(path)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(path) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
