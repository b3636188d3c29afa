export * from './file-storage.ts';
export * from './fine-tuning.ts';
export * from './llm.ts';
export * from './mailer.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './tts.ts';
export * from './web-push.ts';
