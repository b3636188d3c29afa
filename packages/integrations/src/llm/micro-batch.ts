// Calls made in the same turn of the event loop share one HTTP request. OpenAI's embeddings and
// moderation endpoints both take a list of texts; with hundreds of replies in flight a worker asked
// for one text at a time and paid the SDK's and the connection's cost for each (issue 31: five
// HTTP calls per reply were 39 % of a reply's CPU). The batch is sent on the next `setImmediate`,
// so a lone call waits for no timer, and identical texts (many fans write "hi") are sent once.

export type MicroBatchLimits = {
  /** Most distinct texts in one request; a call with at least this many goes alone. */
  maxInputs: number;
  /** Most characters in one request (the provider caps tokens per request); a larger call goes alone. */
  maxChars: number;
  /**
   * The error is about what was sent (a 400 for a text too long), not the request: each caller of
   * the failed batch is then sent alone, so one fan's bad text never fails another's.
   */
  isInputError: (error: unknown) => boolean;
};

type Waiting<R> = { texts: string[]; resolve: (results: R[]) => void; reject: (error: unknown) => void };

const charsOf = (texts: readonly string[]) => texts.reduce((sum, text) => sum + text.length, 0);

/** `send` batched: the returned function takes a call's texts and answers one result per text, in order. */
export function microBatch<R>(send: (texts: string[]) => Promise<R[]>, limits: MicroBatchLimits) {
  let waiting: Waiting<R>[] = [];

  const sendOnce = async (texts: string[]): Promise<R[]> => {
    const distinct = [...new Set(texts)];
    const results = await send(distinct);
    const byText = new Map(distinct.map((text, index) => [text, results[index] as R]));
    return texts.map((text) => byText.get(text) as R);
  };

  const sendBatch = async (batch: Waiting<R>[]) => {
    if (batch.length === 1) {
      const [only] = batch as [Waiting<R>];
      return sendOnce(only.texts).then(only.resolve, only.reject);
    }
    try {
      const results = await sendOnce(batch.flatMap((call) => call.texts));
      let offset = 0;
      for (const call of batch) {
        call.resolve(results.slice(offset, offset + call.texts.length));
        offset += call.texts.length;
      }
    } catch (error) {
      if (!limits.isInputError(error)) {
        for (const call of batch) call.reject(error);
        return;
      }
      await Promise.all(batch.map((call) => sendOnce(call.texts).then(call.resolve, call.reject)));
    }
  };

  const flush = () => {
    const calls = waiting;
    waiting = [];
    let batch: Waiting<R>[] = [];
    let distinct = new Set<string>();
    let chars = 0;
    for (const call of calls) {
      let added = call.texts.filter((text) => !distinct.has(text));
      if (batch.length > 0 && (distinct.size + added.length > limits.maxInputs || chars + charsOf(added) > limits.maxChars)) {
        void sendBatch(batch);
        batch = [];
        distinct = new Set();
        chars = 0;
        added = call.texts;
      }
      batch.push(call);
      for (const text of added) {
        if (distinct.has(text)) continue;
        distinct.add(text);
        chars += text.length;
      }
    }
    if (batch.length > 0) void sendBatch(batch);
  };

  return (texts: string[]): Promise<R[]> => {
    if (texts.length === 0) return Promise.resolve([]);
    if (texts.length >= limits.maxInputs || charsOf(texts) >= limits.maxChars) return sendOnce(texts);
    return new Promise<R[]>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ texts, resolve, reject });
    });
  };
}
