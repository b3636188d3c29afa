// @doppel/integrations/testing: local fakes that speak the real protocols, for tests and benchmarks.
export { FAKE_MP3_BYTES, type FakeElevenLabs, type FakeElevenLabsRequest, startFakeElevenLabs } from './fake-elevenlabs.ts';
export {
  type FakeChatRequest,
  type FakeOpenAi,
  type FakeOpenAiOptions,
  type FakeOpenAiReply,
  type FakeOpenAiRequest,
  startFakeOpenAi,
} from './fake-openai.ts';
export { createRecordingTts, createScriptedLlm, type RecordingTts, type ScriptedLlm } from './in-memory.ts';
