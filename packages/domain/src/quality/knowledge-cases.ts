// Facts from the twin's knowledge as check cases: a passage's key sentence is what a good answer
// says, and the question asks about the passage's heading (or, without one, the key sentence's
// first content words), so answering it needs the passage.

import type { AutoCase } from './check-set.ts';
import { keyTerms } from './offline-scorer.ts';

export type CasePassage = { id: string; sourceId: string; sourceTitle: string; heading: string | null; text: string };

/** A key sentence shorter than this says too little to check. */
const minKeySentenceWords = 6;
const maxKeySentenceLength = 240;

/** The passage's first statement (not a question) long enough to carry a fact; speaker labels dropped. */
export function keySentence(text: string): string | null {
  const sentences = text
    .split(/\n+/)
    .flatMap((line) => line.replace(/^\s*[\p{L} .'-]{1,30}:\s+/u, '').match(/[^.!?]+[.!?]*/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => !sentence.endsWith('?') && sentence.split(/\s+/).length >= minKeySentenceWords);
  const first = sentences[0];
  if (!first) return null;
  return first.length > maxKeySentenceLength ? `${first.slice(0, maxKeySentenceLength - 1).replace(/\s+\S*$/, '')}…` : first;
}

/** The question a fan would ask to hear this passage's fact. */
export function passageQuestion(passage: CasePassage, sentence: string): string {
  const heading = passage.heading?.trim().replace(/^#+\s*/, '');
  if (heading) return `What can you tell me about ${heading}?`;
  // The sentence's first content words as typed (its key terms are stemmed, so they pick the words only).
  const terms = new Set(keyTerms(sentence));
  const topic = (sentence.match(/[\p{L}\p{N}'’-]+/gu) ?? [])
    .filter((word) => keyTerms(word).some((term) => terms.has(term)))
    .slice(0, 4)
    .join(' ');
  return `What can you tell me about ${topic || passage.sourceTitle}?`;
}

/** At most `perSource` cases per source and `limit` in all, in the passages' order; one per distinct question. */
export function knowledgeCases(passages: readonly CasePassage[], bounds: { perSource: number; limit: number }): AutoCase[] {
  const cases: AutoCase[] = [];
  const perSource = new Map<string, number>();
  const asked = new Set<string>();
  for (const passage of passages) {
    if (cases.length >= bounds.limit) break;
    if ((perSource.get(passage.sourceId) ?? 0) >= bounds.perSource) continue;
    const sentence = keySentence(passage.text);
    if (!sentence) continue;
    const question = passageQuestion(passage, sentence);
    if (asked.has(question.toLowerCase())) continue;
    asked.add(question.toLowerCase());
    perSource.set(passage.sourceId, (perSource.get(passage.sourceId) ?? 0) + 1);
    cases.push({ sourceKey: `passage:${passage.id}`, category: 'KNOWLEDGE', question, expected: sentence });
  }
  return cases;
}
