// The admin back-office Reactions section: the rated messages, and one of them in its chat.
export * from './get-reaction.ts';
export * from './list-reactions.ts';
