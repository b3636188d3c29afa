import type postgres from 'postgres';

type AnySql = postgres.Sql | postgres.TransactionSql;
type Callback = (sql: AnySql) => unknown;

/**
 * The postgres.js client drizzle runs on, with every statement prepared.
 *
 * Drizzle asks postgres.js for an unnamed statement (`prepare: false`) unless a query is given a
 * name. For such a statement with parameters, postgres.js first sends parse and describe, waits for
 * the parameter types, and only then binds and executes: two round trips per statement, and the
 * connection takes no further statement meanwhile, so statements issued together do not pipeline.
 * A fan's send made about twenty round trips this way instead of five.
 *
 * Prepared statements are postgres.js's own default: each connection parses a statement once (keyed
 * by its text and parameter types) and then only binds and executes it, so statements issued
 * together go out in one write. The cache holds one entry per distinct statement text; our SQL
 * carries values as parameters, never inlined, so the texts are a fixed set. Transactions and
 * savepoints hand drizzle a fresh postgres.js handle, which is wrapped the same way.
 */
export function preparingStatements<T extends AnySql>(sql: T): T {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        const original = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        // (options?, callback) for begin, (name?, callback) for savepoint: the callback comes last.
        return (...args: unknown[]) => {
          const callback = args.pop() as Callback;
          return original.call(target, ...args, (inner: AnySql) => callback(preparingStatements(inner)));
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
