// The creator's knowledge-gap inbox (docs/creator-dashboard.md "Knowledge gaps").
export * from './answer-gap.ts';
export * from './group.ts';
export * from './list-gaps.ts';
