export { listTalentMemoryFans } from './fans.ts';
export {
  clearChatMemories,
  deleteChatMemory,
  listChatMemories,
  type MemoryAccess,
  memoryChatFor,
  updateChatMemory,
} from './manage.ts';
export {
  cleanExtractedMemories,
  formatMemorySection,
  memoryPromptLimit,
  memoryPromptMaxChars,
  memorySectionHeading,
  selectPromptMemories,
} from './prompt-section.ts';
export { type RememberDeps, type RememberResult, rememberFanMessage } from './remember.ts';
export { loadFanMemories, type MemoryOwner, memoriesChanged, type StoreOutcome, storeLearntMemories } from './store.ts';
export { mayTellAboutFan } from './worth-remembering.ts';
