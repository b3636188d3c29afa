// The one place that picks where files live, so the API, the worker and `npm start` (demo files)
// always agree: an S3-compatible bucket when one is configured, else the local folder.
import type { FileStorage } from '@doppel/domain/ports';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage, type S3StorageConfig } from './s3-storage.ts';

export type FileStorageConfig = {
  /** The local folder (FILES_DIR); used when `s3` is unset. */
  filesDir: string;
  s3?: S3StorageConfig;
};

/** The S3_* settings as each process's env.ts parsed them (empty values already unset). */
export type S3Settings = {
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string;
};

/** Settings that must be set together: S3 storage is on when all are, off when none is. */
const s3RequiredSettings = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Which of the required S3 settings are missing when some but not all are set; empty when fine. */
function missingS3Settings(settings: S3Settings): string[] {
  const missing = s3RequiredSettings.filter((name) => !settings[name]);
  return missing.length === s3RequiredSettings.length ? [] : missing;
}

/** Builds the storage choice from parsed settings; a half-configured S3 throws, naming what is missing. */
export function fileStorageConfig(filesDir: string, settings: S3Settings): FileStorageConfig {
  const missing = missingS3Settings(settings);
  if (missing.length > 0)
    throw new Error(
      `S3 file storage is half configured: set ${missing.join(', ')} too, or unset all of ${s3RequiredSettings.join(', ')}`,
    );
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  if (!bucket || !accessKeyId || !secretAccessKey) return { filesDir };
  return {
    filesDir,
    s3: {
      bucket,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      prefix: settings.S3_PREFIX,
    },
  };
}

export function createFileStorage(config: FileStorageConfig): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.filesDir);
}

/** Where files live, for a start-up line; never includes the credentials. */
export function describeFileStorage(config: FileStorageConfig): string {
  if (!config.s3) return `the folder ${config.filesDir}`;
  const { bucket, prefix, endpoint } = config.s3;
  return `the S3 bucket ${bucket}${prefix ? ` under ${prefix}/` : ''}${endpoint ? ` at ${endpoint}` : ''}`;
}
