// Test support for the list plan tests: a drizzle client that records the SQL it sends, and a probe
// that runs a list through the real use case and explains each statement with its parameters.
// Not exported from the package: only *.integration.test.ts files import it.
import type { Database } from '@doppel/db';
import { drizzle } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

export type Plan = {
  /** Tables of `bulkTables` read end to end (a sequential scan). */
  seqScans: string[];
  /** Every index the plans use. */
  indexes: string[];
};

export type PlanProbe = {
  /** Runs queries like the app's client, recording each statement. */
  db: Database;
  /** Runs `list`, explains every statement it sent and sums up their plans. */
  planOf: (list: () => Promise<unknown>) => Promise<Plan>;
};

/** A probe on `sql`; a full read of a table outside `bulkTables` (a small config row) is not reported. */
export function createPlanProbe(sql: postgres.Sql, bulkTables: ReadonlySet<string>): PlanProbe {
  let captured: Array<{ query: string; params: unknown[] }> = [];
  const db = drizzle({
    client: sql,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;

  const planOf = async (list: () => Promise<unknown>): Promise<Plan> => {
    captured = [];
    await list();
    if (captured.length === 0) throw new Error('the list sent no statement through drizzle');
    const nodes: PlanNode[] = [];
    for (const { query, params } of captured) {
      const [result] = await sql.unsafe<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
        `explain (format json) ${query}`,
        params as never[],
      );
      const plan = result?.['QUERY PLAN'][0]?.Plan;
      if (plan) nodes.push(...nodesOf(plan));
    }
    return {
      seqScans: nodes
        .filter((node) => node['Node Type'] === 'Seq Scan' && bulkTables.has(node['Relation Name'] ?? ''))
        .map((node) => node['Relation Name'] ?? ''),
      indexes: nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])),
    };
  };
  return { db, planOf };
}
