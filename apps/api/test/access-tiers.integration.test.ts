// Every procedure of the router, whatever it is and whenever it was added, must refuse callers
// below its access tier. The tier comes from the procedure builder (meta.access), so a new
// procedure is covered here without anyone remembering to add it.

import { type TRPCClient, TRPCClientError } from '@trpc/client';
import type { AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, type AppRouter, appRouter } from '../src/index.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn, startApi } from './harness.ts';

// `anonymous` is signed out; `anonymousFan` holds the session an anonymous fan gets by opening a chat.
type Callers = Record<'anonymous' | 'anonymousFan' | 'signedIn' | 'managerOfOther' | 'manager' | 'admin', Caller>;

type ProcedureInfo = { path: string; type: string; access: Access | undefined };

/** Walks the router's record: every leaf with a procedure type is a procedure, whatever its depth. */
function listProcedures(record: Record<string, unknown>, prefix = ''): ProcedureInfo[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const def = (value as Partial<AnyProcedure>)._def as { type?: string; meta?: { access?: Access } } | undefined;
    if (def?.type) return [{ path, type: def.type, access: def.meta?.access }];
    return listProcedures(value as Record<string, unknown>, path);
  });
}

const procedures = listProcedures(appRouter._def.record as Record<string, unknown>);

let api: Api;
let callers: Callers;
let talentId: string;

beforeAll(async () => {
  api = await startApi();
  const people = await seedPeople(api);
  talentId = people.talentA.id;
  const anonymousFan = createCaller(api);
  await anonymousFan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
  callers = {
    anonymous: createCaller(api),
    anonymousFan,
    signedIn: await signIn(api, people.fan.email as string),
    managerOfOther: await signIn(api, people.creatorB.email as string),
    manager: await signIn(api, people.creatorA.email as string),
    admin: await signIn(api, people.admin.email as string),
  };
});
afterAll(() => api.close());

/** Calls a procedure by its dotted path through the real HTTP client, resolving to the error code. */
async function errorCodeOf(caller: Caller, path: string, type: string, input: unknown): Promise<string | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: walking the client proxy by a runtime path.
  let node: any = caller.client as TRPCClient<AppRouter>;
  for (const segment of path.split('.')) node = node[segment];
  try {
    if (type === 'query') await node.query(input);
    else if (type === 'mutation') await node.mutate(input);
    else {
      // Over SSE the stream opens before a refusal arrives as an error event: wait for the error.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          subscription.unsubscribe();
          resolve();
        }, 5000);
        const subscription = node.subscribe(input, {
          onError: (error: unknown) => {
            clearTimeout(timer);
            subscription.unsubscribe();
            reject(error);
          },
        });
      });
    }
    return undefined;
  } catch (error) {
    if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
    throw error;
  }
}

// Who must be refused, per tier, and with which code.
const refusals: Record<Access, Array<[keyof Callers, 'UNAUTHORIZED' | 'FORBIDDEN']>> = {
  public: [],
  authed: [['anonymous', 'UNAUTHORIZED']],
  account: [
    ['anonymous', 'UNAUTHORIZED'],
    ['anonymousFan', 'FORBIDDEN'],
  ],
  talent: [
    ['anonymous', 'UNAUTHORIZED'],
    ['anonymousFan', 'FORBIDDEN'],
    ['signedIn', 'FORBIDDEN'],
    ['managerOfOther', 'FORBIDDEN'],
  ],
  admin: [
    ['anonymous', 'UNAUTHORIZED'],
    ['anonymousFan', 'FORBIDDEN'],
    ['signedIn', 'FORBIDDEN'],
    ['managerOfOther', 'FORBIDDEN'],
    ['manager', 'FORBIDDEN'],
  ],
};

describe('access tiers', () => {
  it('finds the procedures of the router', () => {
    expect(procedures.length).toBeGreaterThan(5);
  });

  it('gives every procedure an access tier through its builder', () => {
    const untiered = procedures.filter((procedure) => !procedure.access).map((procedure) => procedure.path);
    expect(
      untiered,
      'procedures built without publicProcedure/authedProcedure/accountProcedure/talentProcedure/adminProcedure',
    ).toEqual([]);
  });

  for (const procedure of procedures) {
    const expected = refusals[procedure.access ?? 'public'] ?? [];
    if (expected.length === 0) continue;
    it(`${procedure.path} (${procedure.access}) refuses callers below its tier`, async () => {
      // Only the talent id is given: the tier check runs before the rest of the input is read.
      const input = procedure.access === 'talent' ? { talentId } : {};
      for (const [who, code] of expected) {
        expect(await errorCodeOf(callers[who], procedure.path, procedure.type, input), `${who} calling ${procedure.path}`).toBe(
          code,
        );
      }
    });
  }

  it('lets a signed-in caller through the authed tier and an admin through every tier', async () => {
    expect(await errorCodeOf(callers.signedIn, 'auth.me', 'query', undefined)).toBeUndefined();
    expect(await errorCodeOf(callers.signedIn, 'onboarding.get', 'query', undefined)).toBeUndefined();
    const me = await callers.admin.client.auth.me.query();
    expect(me?.role).toBe('ADMIN');
  });
});
