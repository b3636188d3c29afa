// What of an error may be written to a log or sent to the error tracker. A failed query carries its
// SQL and parameters (drizzle puts both in the message: "Failed query: … params: <session id>,…"),
// and Postgres puts row values in `detail` ("Key (email)=(fan@example.com) already exists") and
// some in its message ('invalid input syntax for type uuid: "…"'). Logs carry ids and error codes,
// never those: this is the one place that decides, used by both apps' loggers and the reporter.

/** An error as a log line shows it: kind, a message without values, codes and names, stack, cause. */
export type LoggableError = {
  type: string;
  message: string;
  /** SQLSTATE (`23505`), a driver's or Node's code (`CONNECTION_CLOSED`, `ECONNREFUSED`). */
  code?: string;
  /** The names Postgres reports with some errors: what broke, never which values. */
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  /** An HTTP status, from a provider's client error. */
  status?: number;
  stack?: string;
  cause?: LoggableError;
};

/** How deep a `cause` chain is followed; a cycle or a runaway chain stops here. */
const maxCauseDepth = 5;

type ErrorShape = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
  stack?: unknown;
  cause?: unknown;
  severity?: unknown;
  // postgres.js spells these constraint_name, …; node-postgres (pg-boss) constraint, ….
  constraint_name?: unknown;
  table_name?: unknown;
  column_name?: unknown;
  schema_name?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A Postgres server error (either driver): a five-character SQLSTATE and a severity. */
function isServerError(error: ErrorShape): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/** drizzle's wrapper around a driver error; its message is the statement and its parameters. */
function isFailedQuery(error: ErrorShape): boolean {
  return typeof error.message === 'string' && error.message.startsWith('Failed query:');
}

/**
 * A server message with every quoted value replaced by "…", except the names the error reports
 * itself (constraint, table, column, schema). Class 42 (syntax, undefined objects) quotes only
 * names and words of our own SQL, so it stays whole.
 */
function serverMessage(error: ErrorShape, message: string, names: (string | undefined)[]): string {
  if (typeof error.code === 'string' && error.code.startsWith('42')) return message;
  const known = new Set(names.filter((name): name is string => name !== undefined));
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => (known.has(inner) ? quoted : '"…"'));
}

/**
 * The stack with its header (`Name: message`, where the message may span lines and hold anything)
 * replaced by the safe one. A stack whose first line does not hold the message (rewritten by
 * someone) may carry anything, and is dropped.
 */
function safeStack(stack: unknown, message: string, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const firstLineEnd = stack.indexOf('\n');
  if (firstLineEnd === -1) return undefined;
  if (message === '') return `${header}${stack.slice(firstLineEnd)}`;
  const at = stack.indexOf(message);
  if (at === -1 || at > firstLineEnd) return undefined;
  const frames = stack.slice(at + message.length);
  return frames.startsWith('\n') ? `${header}${frames}` : undefined;
}

function describe(error: unknown, depth: number): LoggableError {
  if (typeof error !== 'object' || error === null) {
    // A thrown string or number: its text is all there is, and may be anything.
    return { type: typeof error, message: typeof error === 'string' ? '(a thrown string)' : String(error) };
  }
  const shape = error as ErrorShape;
  const type = text(shape.name) ?? error.constructor?.name ?? 'Error';
  const names = {
    constraint: text(shape.constraint_name) ?? text(shape.constraint),
    table: text(shape.table_name) ?? text(shape.table),
    column: text(shape.column_name) ?? text(shape.column),
    schema: text(shape.schema_name) ?? text(shape.schema),
  };
  const original = typeof shape.message === 'string' ? shape.message : '';
  const message = isFailedQuery(shape)
    ? 'Failed query (statement and parameters not logged)'
    : isServerError(shape)
      ? serverMessage(shape, original, Object.values(names))
      : original;
  const described: LoggableError = { type, message };
  if (typeof shape.code === 'string' || typeof shape.code === 'number') described.code = String(shape.code);
  for (const [key, value] of Object.entries(names)) if (value !== undefined) described[key as keyof typeof names] = value;
  if (typeof shape.status === 'number') described.status = shape.status;
  const stack = safeStack(shape.stack, original, `${type}: ${message}`);
  if (stack) described.stack = stack;
  if (shape.cause !== undefined && depth < maxCauseDepth) described.cause = describe(shape.cause, depth + 1);
  return described;
}

/** The error as it may be logged: see the top of this file. Anything thrown is accepted. */
export function loggableError(error: unknown): LoggableError {
  return describe(error, 0);
}

/**
 * One line for a log field or a stored note, values left out as above: each error of the cause
 * chain as `Type [code]: message`, e.g. `DrizzleQueryError: Failed query (…) ← PostgresError [22023]: …`.
 */
export function loggableErrorText(error: unknown): string {
  const parts: string[] = [];
  for (let at: LoggableError | undefined = loggableError(error); at; at = at.cause)
    parts.push(`${at.type}${at.code ? ` [${at.code}]` : ''}: ${at.message}`);
  return parts.join(' ← ');
}

/**
 * A copy of the error to hand to an error tracker: same kinds, safe messages and stacks, the cause
 * chain as Errors (the tracker follows `cause`), and none of the driver's fields.
 */
export function scrubbedError(error: unknown): Error {
  const build = (described: LoggableError): Error => {
    const copy = new Error(described.message, described.cause ? { cause: build(described.cause) } : undefined);
    copy.name = described.type;
    copy.stack = described.stack ?? `${described.type}: ${described.message}`;
    if (described.code !== undefined) Object.assign(copy, { code: described.code });
    return copy;
  };
  return build(loggableError(error));
}
