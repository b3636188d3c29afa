// Which fan messages are questions the twin should know the answer to: only those can be knowledge
// gaps. "Haha unlocked it, looks great", "I'm vegetarian btw", "hi" and "how are you?" are chat,
// not something an FAQ item could answer, and listing them buried the real questions (issue 26).

/** Words that carry no question on their own: greetings, thanks, reactions, fillers. */
const smallTalkWords = new Set(
  (
    'hi hey heyy hello hiya yo sup good morning evening night afternoon gm gn bye goodbye see ya you u later soon ' +
    'thanks thank thx ty tysm so much very a lot lots love it that this ok okay k kk cool nice great awesome amazing ' +
    'lol lmao haha hahaha hehe omg wow yes yeah yep yup no nope sure same too xx xoxo miss i me my babe ' +
    'really wait seriously srsly fr huh what why not way right oh ah um hmm aww'
  ).split(' '),
);

/** Words a clause may open with before its question starts ("haha", "hey", "so", "btw what…"). */
const leadingFillers = new Set(
  'hi hey heyy hello hiya yo haha hahaha hehe lol lmao omg wow ok okay so and but also btw oh ah um hmm well please pls plz'.split(
    ' ',
  ),
);

/** Question words that open a question on their own ("where do you live"). */
const questionWords = new Set('what whats where wheres when whens how hows why who whos which whose whom'.split(' '));

/** Auxiliaries that open a question when a subject follows ("do you", "is it", "can i"). */
const auxiliaries = new Set('do does did are is was were can could would will should have has had r may might shall'.split(' '));
const subjects = new Set('you u ya your it this that there i we they he she'.split(' '));

/** "how" opens a question before these; before an adjective it is an exclamation ("how cute"). */
const afterHow = new Set(
  'do does did are is was were can could would will should much many long old often far come tall big to have has u you r about else exactly'.split(
    ' ',
  ),
);

/** Openings that ask without a question word ("tell me about…", "I was wondering…"). */
const requestOpenings = [
  'tell me',
  'explain',
  'describe',
  'recommend',
  'any tips',
  'any recommendations',
  'any advice',
  'i wonder',
  'i was wondering',
  'wondering',
  'im curious',
  'just curious',
  'curious',
  'i want to know',
  'i wanna know',
  'id love to know',
  'would love to know',
  'can i ask',
  'may i ask',
  'quick question',
];

/**
 * Small-talk questions: a clause that is one of these (plus at most a name, "how are you mia") is
 * chat, not a gap the FAQ could close.
 */
const smallTalkQuestion =
  /^(how are (you|u|ya)|how r u|hows it going|how is it going|how (is|was|s) your (day|night|morning|evening|weekend)|hows your (day|night|morning|evening|weekend)|how have you been|whats up|wassup|wyd|hbu|wbu|and (you|u)|what about (you|u)|how about (you|u)|(are )?(you|u) (there|awake|up|ok|okay|alright)|r u (there|up|ok)|did you (sleep well|miss me)|miss me|remember me)( |$)/;

/** A clause's words: lower case, apostrophes dropped ("what's" → "whats"), emoji and punctuation gone. */
function words(clause: string): string[] {
  return clause
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

function opensWithRequest(joined: string): boolean {
  return requestOpenings.some((opening) => joined === opening || joined.startsWith(`${opening} `));
}

function opensAsQuestion(clause: string[]): boolean {
  const [first = '', second = ''] = clause;
  if (first === 'what' && (second === 'a' || second === 'an')) return false; // "what a view"
  if (first === 'how' || first === 'hows') return first === 'hows' || afterHow.has(second);
  if (questionWords.has(first)) return true;
  if (auxiliaries.has(first) && subjects.has(second)) return true;
  return opensWithRequest(clause.join(' '));
}

/** One clause: asked (a question mark, or a question or request opening) and not small talk. */
function isQuestionClause(raw: string): boolean {
  const asked = raw.includes('?');
  let clause = words(raw);
  while (clause.length > 1 && leadingFillers.has(clause[0] ?? '')) clause = clause.slice(1);
  const letters = clause.join('').length;
  // Without a question mark a question needs a little more to go on ("who cares", "why not").
  if (clause.length < (asked ? 2 : 3) || letters < 6) return false;
  if (clause.every((word) => smallTalkWords.has(word))) return false;
  const joined = clause.join(' ');
  const smallTalk = smallTalkQuestion.exec(joined);
  if (smallTalk && words(joined.slice(smallTalk[0].length)).length <= 1) return false;
  return asked || opensAsQuestion(clause);
}

/**
 * Whether a fan message asks something the twin should know the answer to. Pure and cheap: it runs
 * on every gap reply read (up to 500) before any embedding. A message asks when one of its clauses
 * (split at sentence punctuation and commas, a question mark ending its clause) does: "Hey Mia, what
 * camera do you use" asks; "How are you? Love the pics" does not.
 */
export function isFanQuestion(text: string): boolean {
  const clauses = text.split(/(?<=\?)|[.!;,:\n]+/);
  return clauses.some((clause) => clause.trim() !== '' && isQuestionClause(clause));
}
