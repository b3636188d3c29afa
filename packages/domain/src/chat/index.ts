// The fan's side of the chat engine (the AI reply lives in ./reply, built separately).
export * from './access.ts';
export * from './fans/anonymous-fans.ts';
export * from './fans/merge.ts';
export * from './fans/open-chat.ts';
export * from './fans/twin-preview.ts';
export * from './media/media-access.ts';
export * from './memory/index.ts';
export * from './messages/list.ts';
export * from './messages/view.ts';
export * from './ports.ts';
export * from './react.ts';
export * from './scopes.ts';
export * from './send/immediate-answers.ts';
export * from './send/send-message.ts';
export * from './tokens/chat-tokens.ts';
export * from './unlock/prices.ts';
export * from './unlock/unlock-attachment.ts';
