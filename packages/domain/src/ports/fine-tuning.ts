// Port of the fine-tuning provider (docs/fine-tuning.md#providers). The adapter speaks
// OpenAI's fine-tuning API through the `openai` SDK (any OpenAI-compatible endpoint: OPENAI_BASE_URL);
// with no key an offline fine-tuner finishes at once so the pipeline runs on a bare machine.
// Every call is keyed by our model version id, so a crash between two steps is resumed by finding
// what the provider already has instead of creating it twice.

/** A fine-tuning job as the provider reports it. */
export type FineTuningJobState = {
  jobId: string;
  status: 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  /** Set once succeeded. */
  fineTunedModelId: string | null;
  /** The organisation that owns the job (the admin labels known ones V0 or V1). */
  organisationId: string | null;
  /** The provider's message for a failed job. */
  errorMessage: string | null;
};

export type FineTuningPort = {
  readonly engine: 'openai' | 'offline';
  /** The training file uploaded for this version earlier (its name carries the version id), if any. */
  findTrainingFile(versionId: string): Promise<{ fileId: string } | null>;
  /** Uploads the version's examples as JSONL (purpose fine-tune). */
  uploadTrainingFile(input: { versionId: string; jsonl: string }): Promise<{ fileId: string }>;
  /** The job created for this version earlier (its metadata carries the version id), if any. */
  findJob(versionId: string): Promise<FineTuningJobState | null>;
  createJob(input: { versionId: string; trainingFileId: string; baseModel: string }): Promise<FineTuningJobState>;
  getJob(jobId: string): Promise<FineTuningJobState>;
};

/** The provider refused a request (bad file, unknown base, fine-tuning not offered): the version fails with this message. */
export class FineTuningRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FineTuningRefusedError';
  }
}
