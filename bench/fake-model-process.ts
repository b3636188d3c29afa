// The benchmarks' fake model in its own process, as a real model server would be: its work then
// never delays the load generator's clock. Prints its URL on the first line of stdout. Settings:
//   FAKE_MODEL_TOKEN_DELAY_MS  wait before each streamed token (the model's token rate); default 0
//   FAKE_MODEL_REPLY           every chat reply's text; default the fake's echo of the fan's message
//   FAKE_MODEL_REPORT_TOKENS=1 with FAKE_MODEL_REPLY: after each streamed reply's last token, one JSON line on stdout:
//                              {"user": <the last user message>, "first", "second", "last": epoch ms}
import { type FakeChatRequest, startFakeOpenAi, streamTokens } from '@doppel/integrations/testing';

const tokenDelayMs = Number(process.env.FAKE_MODEL_TOKEN_DELAY_MS ?? 0);
const replyText = process.env.FAKE_MODEL_REPLY;
const report = process.env.FAKE_MODEL_REPORT_TOKENS === '1';
const lastIndex = replyText === undefined ? undefined : streamTokens(replyText).length - 1;

const lastUser = (chat: FakeChatRequest) =>
  [...chat.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
/** Token times of the replies being streamed, by request. */
const streaming = new WeakMap<FakeChatRequest, { first: number; second?: number }>();

const fake = await startFakeOpenAi({
  tokenDelayMs,
  ...(replyText === undefined ? {} : { fallback: () => ({ text: replyText }) }),
  ...(report && lastIndex !== undefined
    ? {
        onStreamToken: (chat: FakeChatRequest, index: number) => {
          const now = performance.timeOrigin + performance.now();
          if (index === 0) streaming.set(chat, { first: now });
          const times = streaming.get(chat);
          if (!times) return;
          if (index === 1) times.second = now;
          if (index === lastIndex) {
            process.stdout.write(`${JSON.stringify({ user: lastUser(chat), ...times, last: now })}\n`);
            streaming.delete(chat);
          }
        },
      }
    : {}),
});
process.stdout.write(`${fake.url}\n`);
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0));
});
