// The streaming phase of `bench -- chat-send`: how soon a fan sees the twin's first words, and how
// far behind the model the relay runs. A fake model in this process streams a fixed reply at a fixed
// token rate and notes when it writes each token; a fresh worker answers from it, and each fan
// watches its chat's live stream over plain SSE, as the messenger does. Per reply:
//   - model first token: the fake writing the reply's first token, counted from the send;
//   - first words at the fan: the first draft reaching the fan's stream (a draft holds whole words
//     only, so it follows the second token);
//   - relay: first words at the fan minus the model's first token (target p99 < 150 ms);
//   - full message: the stored reply's live event at the fan, against the model's last token.
import { randomUUID } from 'node:crypto';
import { type Agent, request } from 'node:http';
import { startFakeOpenAi } from '@doppel/integrations/testing';
import { startProcess, stopProcess } from './bench-kit.ts';
import { percentile } from './read-timing.ts';

export type StreamBenchInput = {
  env: NodeJS.ProcessEnv;
  port: number;
  agent: Agent;
  fans: Array<{ cookie: string; chatId: string }>;
  replies: number;
};

export type StreamBenchResult = { ok: boolean; lines: string[] };

/** Tokens a second the fake model writes: about what gpt-4o-mini streams. */
const tokensPerSecond = 50;
const replyText =
  'Oh that sounds like such a fun plan! I spent the whole morning at the beach with my camera, then grabbed a pastel de nata on the way home. What are you up to tonight?';

type Arrival = { firstDraftAt: number; storedAt: number };

/** The fan's live stream of its chat: `opened` once the server accepted it, then the moments the reply's first draft and stored message arrived. */
function watchReply(input: StreamBenchInput, fan: { cookie: string; chatId: string }) {
  const query = encodeURIComponent(JSON.stringify({ scopes: [`chat:${fan.chatId}`] }));
  let messageId: string | undefined;
  let firstDraftAt: number | undefined;
  let ready!: () => void;
  let arrived!: (arrival: Arrival) => void;
  let failed!: (error: unknown) => void;
  const opened = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const reply = new Promise<Arrival>((resolve, reject) => {
    arrived = resolve;
    failed = reject;
  });
  const req = request(
    { host: '127.0.0.1', port: input.port, path: `/trpc/live.events?input=${query}`, headers: { cookie: fan.cookie } },
    (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        buffer += text;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: connected')) ready();
          // tRPC's keep-alive ping (after 15 s without events, as on a busy machine) has empty data.
          const data = block
            .split('\n')
            .find((line) => line.startsWith('data: '))
            ?.slice(6);
          if (!data || !messageId) continue;
          const event = JSON.parse(data) as { entity?: string; rowId?: string };
          const now = performance.timeOrigin + performance.now();
          if (event.entity === 'reply_draft' && event.rowId === messageId) firstDraftAt ??= now;
          if (event.entity === 'chat_messages' && event.rowId !== messageId) {
            arrived({ firstDraftAt: firstDraftAt ?? Number.NaN, storedAt: now });
          }
        }
      });
    },
  );
  req.once('error', (error) => failed(error));
  req.end();
  return {
    opened,
    waitForReply: (id: string) => {
      messageId = id;
      return reply;
    },
    close: () => req.destroy(),
  };
}

function sendMessage(input: StreamBenchInput, fan: { cookie: string; chatId: string }, text: string) {
  return new Promise<string>((done, fail) => {
    const body = JSON.stringify({ chatId: fan.chatId, text, idempotencyKey: randomUUID() });
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: fan.cookie };
    request(
      { host: '127.0.0.1', port: input.port, path: '/trpc/chat.send', method: 'POST', agent: input.agent, headers },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          answer += chunk;
        });
        response.once('end', () => {
          const id = (JSON.parse(answer) as { result?: { data?: { message?: { id?: string } } } }).result?.data?.message?.id;
          if (id) done(id);
          else fail(new Error(`chat.send failed: ${answer.slice(0, 200)}`));
        });
      },
    )
      .once('error', fail)
      .end(body);
  });
}

export async function benchStreaming(input: StreamBenchInput): Promise<StreamBenchResult> {
  const tokenAt = new Map<string, number[]>();
  const model = await startFakeOpenAi({
    tokenDelayMs: 1000 / tokensPerSecond,
    fallback: () => ({ text: replyText }),
    onStreamToken: (chat, index) => {
      const key = [...chat.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
      const times = tokenAt.get(key) ?? [];
      times[index] = performance.timeOrigin + performance.now();
      tokenAt.set(key, times);
    },
  });
  const worker = startProcess('apps/worker/src/main.ts', { ...input.env, OPENAI_BASE_URL: model.url });
  const relay: number[] = [];
  const firstToken: number[] = [];
  const firstWords: number[] = [];
  const full: number[] = [];
  const modelDone: number[] = [];
  const afterModel: number[] = [];
  try {
    // One reply at a time, each from another fan: the figure is the relay's, not a queue's.
    for (let index = 0; index < input.replies + 1; index++) {
      const fan = input.fans[index % input.fans.length];
      if (!fan) break;
      const watch = watchReply(input, fan);
      await watch.opened;
      const text = `Streaming test ${index}`;
      const sentAt = performance.timeOrigin + performance.now();
      const messageId = await sendMessage(input, fan, text);
      const { firstDraftAt, storedAt } = await watch.waitForReply(messageId);
      watch.close();
      const tokens = tokenAt.get(text) ?? [];
      // The first reply warms the worker up (its first model call, prepared statements): not counted.
      if (index === 0 || tokens[0] === undefined) continue;
      firstToken.push(tokens[0] - sentAt);
      firstWords.push(firstDraftAt - sentAt);
      relay.push(firstDraftAt - tokens[0]);
      full.push(storedAt - sentAt);
      modelDone.push((tokens.at(-1) ?? Number.NaN) - sentAt);
      afterModel.push(storedAt - (tokens.at(-1) ?? Number.NaN));
    }
  } finally {
    await stopProcess(worker);
    await model.close();
  }
  const figure = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms`;
  const relayP99 = percentile(relay, 99);
  const tokens = replyText.split(' ').length;
  const ok = relay.length === input.replies && relay.every(Number.isFinite) && relayP99 < 150;
  return {
    ok,
    lines: [
      `  streaming  ${relay.length} replies of ${tokens} tokens, fake model at ${tokensPerSecond} tokens/s, one at a time`,
      `    model first token      ${figure(firstToken)} after the send`,
      `    first words at the fan ${figure(firstWords)} after the send`,
      `    relay (fan - model)    ${figure(relay)}   (target p99 < 150 ms)`,
      `    full message at fan    ${figure(full)} after the send; baseline, the model's last token: ${figure(modelDone)}`,
      `    stored after the model ${figure(afterModel)}; unstreamed, the fan's first words came only with the full message`,
    ],
  };
}
