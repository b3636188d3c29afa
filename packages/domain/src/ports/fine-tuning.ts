// Port of a fine-tuning provider (docs/fine-tuning.md#providers). Adapters: OpenAI's API through the
// `openai` SDK (any compatible endpoint: OPENAI_BASE_URL), Together AI's through `together-ai`, and
// an offline fine-tuner that finishes at once so the pipeline runs on a bare machine.
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

/** Who trains a version ('custom' versions are registered, never trained). */
export type TrainingProvider = 'openai' | 'together' | 'offline';

export type FineTuningPort = {
  readonly engine: TrainingProvider;
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

/**
 * The fine-tuners this server has (built from env): the configured providers, and the offline one,
 * always there. `defaultProvider` is what a model without a provider trains with.
 */
export type FineTuningRegistry = {
  /** Configured providers, in the order the admin form offers them; `['offline']` when none is. */
  readonly providers: readonly TrainingProvider[];
  readonly defaultProvider: TrainingProvider;
  /**
   * The fine-tuner of `provider`. An OpenAI one not configured here (the key was removed, or seeded
   * demo data) gets the offline fine-tuner, as the whole server did before providers were chosen
   * per model; a Together one without its key refuses, so its version fails with the reason.
   */
  fineTunerFor(provider: string): FineTuningPort;
};
