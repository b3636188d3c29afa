// Statements of the send's hot path whose SQL drizzle builds once per process instead of on every
// call. Building a select costs drizzle 30 to 270 µs of CPU (the select of a stored message with its
// answer, two whole rows, the most), repeated for every send though only the values change.
//
// Drizzle's prepared query is made for that (values as `sql.placeholder`), but it is bound to the
// connection handle of the executor it was prepared on, while a send runs on its transaction's
// handle. So the query is prepared once, and each call runs a copy of it bound to the caller's
// handle: drizzle's `session.client` (the postgres.js handle, already preparing statements, see
// packages/db prepared-statements.ts). That reaches into drizzle's internals, checked here at every
// call and by built-once.integration.test.ts, so an upgrade that moves them fails loudly.
import type { Executor } from '@doppel/db';

type Preparable<Row> = { prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<Row[]> } };

function handleOf(executor: Executor): unknown {
  const handle = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!handle) throw new Error('built-once: drizzle no longer keeps session.client on an executor');
  return handle;
}

/**
 * The statement `build` makes (placeholders for its values), built on the first call and then run
 * on the given executor, the caller's transaction included, with `values` for the placeholders.
 */
export function builtOnce<Values extends Record<string, unknown>, Row>(
  name: string,
  build: (executor: Executor) => Preparable<Row>,
): (executor: Executor, values: Values) => Promise<Row[]> {
  let prepared: ReturnType<Preparable<Row>['prepare']> | undefined;
  return (executor, values) => {
    prepared ??= build(executor).prepare(name);
    if (!('client' in prepared)) throw new Error('built-once: drizzle no longer keeps client on a prepared query');
    const bound = Object.create(prepared) as typeof prepared & { client: unknown };
    bound.client = handleOf(executor);
    return bound.execute(values);
  };
}

/**
 * A statement written in SQL (`$1`, `$2`, ... for its values), for what drizzle's builders cannot
 * say in one statement (a data-modifying CTE). Run on the caller's executor, its transaction
 * included, through the same postgres.js handle drizzle uses: prepared once per connection. Its
 * values go as drizzle sends them (the client passes JSON and timestamps through as strings).
 */
export function sqlOnce<Row>(text: string): (executor: Executor, values: unknown[]) => Promise<Row[]> {
  return (executor, values) => {
    const handle = handleOf(executor) as { unsafe: (query: string, params: unknown[]) => Promise<Row[]> };
    return handle.unsafe(text, values);
  };
}
