// Fine-tuned models: the pipeline that takes a model version through the provider (docs/fine-tuning.md).
export {
  advanceModelVersion,
  type FineTuningStep,
  type OnVersionSucceeded,
  trainingJsonl,
  versionsInProgress,
} from './fine-tuning-pipeline.ts';
