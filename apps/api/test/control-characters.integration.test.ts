// NUL and other control characters in inputs, over real HTTP: Postgres refuses NUL in text, so
// each of these answered 500 before. Now every input is refused with the message under its field,
// and admin list cursors holding values the database cannot read are refused as bad input.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { controlCharactersMessage } from '@doppel/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let fan: Caller;
let admin: Caller;
let tag: string;
let chatId: string;
let messageId: string;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  const people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  ({ tag } = await createTalent(api));
  fan = createCaller(api);
  const opened = await fan.client.chat.open.mutate({ talentTag: tag });
  chatId = opened.chat.id;
  const sent = await fan.client.chat.send.mutate({ chatId, text: 'Hello there', idempotencyKey: randomUUID() });
  messageId = sent.message.id;
});
afterAll(async () => {
  await api?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const cursorOf = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

describe('control characters in inputs', () => {
  it('are refused in a chat message, a talent tag, a cursor and a reaction, under their field', async () => {
    const cases = [
      { field: 'text', call: () => fan.client.chat.send.mutate({ chatId, text: 'hi\u0000there', idempotencyKey: randomUUID() }) },
      { field: 'talentTag', call: () => fan.client.chat.open.mutate({ talentTag: `${tag}\u0000` }) },
      { field: 'cursor', call: () => fan.client.chat.messages.query({ chatId, cursor: 'abc\u0000' }) },
      {
        field: 'messageId',
        call: () => fan.client.chat.react.mutate({ chatId, messageId: `${messageId}\u0000`, reaction: 'THUMBS_UP' }),
      },
      {
        field: 'feedback',
        call: () => fan.client.chat.react.mutate({ chatId, messageId, reaction: 'THUMBS_DOWN', feedback: 'bad\u0000' }),
      },
      { field: 'chatId', call: () => admin.client.admin.reactions.get.query({ chatId: `${chatId}\u0000`, messageId }) },
      { field: 'name', call: () => admin.client.admin.faqs.create.mutate({ name: 'FAQ\u0000' }) },
      {
        field: 'text',
        call: () => fan.client.chat.send.mutate({ chatId, text: 'escape \u001b[2J', idempotencyKey: randomUUID() }),
      },
    ];
    for (const { field, call } of cases) {
      const refused = await refusal(call());
      expect(refused.code, field).toBe('BAD_REQUEST');
      expect(refused.fieldErrors?.[field], field).toEqual([controlCharactersMessage]);
      expect(refused.message).toBe(controlCharactersMessage);
    }
  });

  it('keep tabs and line breaks in a message', async () => {
    const sent = await fan.client.chat.send.mutate({ chatId, text: 'line one\nline two\tend', idempotencyKey: randomUUID() });
    expect(sent.message.text).toBe('line one\nline two\tend');
  });
});

describe('admin list cursors the database cannot read', () => {
  it('are refused as bad input: a date that does not exist, NUL in text', async () => {
    const noSuchDate = await refusal(
      admin.client.admin.users.list.query({ cursor: cursorOf(['createdAt', '9999-99-99T99:99:99Z', 'abc']) }),
    );
    expect(noSuchDate.code).toBe('BAD_REQUEST');
    const nulInName = await refusal(admin.client.admin.faqs.list.query({ cursor: cursorOf(['name', 'a\u0000', 'abc']) }));
    expect(nulInName.code).toBe('BAD_REQUEST');
  });

  it('still page from the largest values they may hold', async () => {
    const users = await admin.client.admin.users.list.query({
      cursor: cursorOf(['createdAt', '9999-12-31T23:59:59.999999Z', 'zzz']),
    });
    expect(Array.isArray(users.items)).toBe(true);
    const chats = await admin.client.admin.chats.list.query({
      sort: 'chatMessageCount',
      cursor: cursorOf(['chatMessageCount', '999999999999999999', 'zzz']),
    });
    expect(Array.isArray(chats.items)).toBe(true);
  });
});
