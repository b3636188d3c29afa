// Fine-tuned models: the pipeline that takes a model version through the provider (docs/fine-tuning.md).
export * from './fine-tuning-pipeline.ts';
