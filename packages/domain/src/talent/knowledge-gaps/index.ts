// The creator's knowledge-gap inbox (docs/creator-dashboard.md "Knowledge gaps").
export * from './answer-gap.ts';
export * from './dismiss-gap.ts';
export * from './group.ts';
export * from './is-fan-question.ts';
export * from './list-gaps.ts';
