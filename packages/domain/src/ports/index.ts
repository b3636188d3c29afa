export * from './llm.ts';
export * from './tts.ts';
