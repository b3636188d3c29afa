// Benchmark: one quality run of 200 cases for the demo twin, offline (the offline engine answers,
// the offline scorer scores), through the domain's executeQualityRun as the worker's job runs it.
//
// Seeds a fresh embedded Postgres with the demo data, refreshes Mia's check set (FAQ, knowledge,
// boundary and honesty cases) and tops it up with ADMIN cases (her FAQ questions reworded, and
// questions about her knowledge) to 200 enabled cases, then times the run: every case answered
// with the reply path's retrieval and prompt, scored, and stored. Prints cases per second and the
// time per case (median, p95). Target: the whole run in under 30 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDbClient,
  faqItems,
  migrateDatabase,
  qualityCases,
  seedDemoData,
  startEmbeddedPostgres,
  talentConfigs,
  talents,
} from '@doppel/db';
import { createQualityRun, executeQualityRun, refreshCheckSet } from '@doppel/domain/quality';
import { createOfflineLlm } from '@doppel/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { percentile } from './read-timing.ts';

const targetMs = 30_000;
const caseTarget = 200;

const rewordings = [
  (question: string) => question,
  (question: string) => `Quick question: ${question.charAt(0).toLowerCase()}${question.slice(1)}`,
  (question: string) => `hey! ${question.toLowerCase()}`,
  (question: string) => `${question.replace(/\?$/, '')}, if you don't mind me asking?`,
  (question: string) => `Can I ask, ${question.charAt(0).toLowerCase()}${question.slice(1)}`,
];

export async function benchQuality(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-quality-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 6, applicationName: 'doppel-bench' });
    const db = client.db;
    await seedDemoData(db);
    const [mia] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
    if (!mia) throw new Error('the demo twin is missing');
    await db.transaction((tx) => refreshCheckSet(tx, mia.id));
    const [auto] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(qualityCases)
      .where(and(eq(qualityCases.talentId, mia.id), eq(qualityCases.enabled, true)));
    const faq = await db
      .select({ question: faqItems.question, answer: faqItems.answer })
      .from(faqItems)
      .innerJoin(talentConfigs, eq(talentConfigs.faqId, faqItems.faqId))
      .where(eq(talentConfigs.id, mia.id));
    const missing = caseTarget - (auto?.n ?? 0);
    const extra = Array.from({ length: Math.max(0, missing) }, (_, index) => {
      const item = faq[index % faq.length];
      const reword = rewordings[Math.floor(index / faq.length) % rewordings.length] ?? rewordings[0];
      if (!item || !reword) throw new Error('the demo twin has no FAQ');
      return {
        talentId: mia.id,
        category: 'FAQ' as const,
        origin: 'ADMIN' as const,
        question: reword(item.question),
        expected: item.answer,
      };
    });
    if (extra.length > 0) await db.insert(qualityCases).values(extra);
    console.log(`quality: the demo twin's check set: ${auto?.n ?? 0} AUTO cases and ${extra.length} ADMIN ones`);

    const runId = await db.transaction((tx) => createQualityRun(tx, { talentId: mia.id, trigger: 'MANUAL' }));
    const caseTimes: number[] = [];
    const started = performance.now();
    const outcome = await executeQualityRun(
      {
        db,
        llm: createOfflineLlm(),
        maxCases: caseTarget,
        onProgress: ({ caseMs }) => {
          if (caseMs !== undefined) caseTimes.push(caseMs);
        },
      },
      runId,
    );
    const totalMs = performance.now() - started;
    if (outcome.status !== 'DONE') throw new Error(`the run ended ${outcome.status}`);
    const perSecond = outcome.caseCount / (totalMs / 1000);
    console.log(
      `  ${outcome.caseCount} cases in ${(totalMs / 1000).toFixed(1)} s: ${perSecond.toFixed(1)} cases/s; ` +
        `per case median ${percentile(caseTimes, 50).toFixed(1)} ms, p95 ${percentile(caseTimes, 95).toFixed(1)} ms ` +
        `(4 at a time)`,
    );
    const scores = Object.entries(outcome.categoryScores)
      .map(([category, score]) => `${category} ${Math.round((score ?? 0) * 100)}%`)
      .join(', ');
    console.log(`  scores: ${scores}; overall ${Math.round((outcome.overallScore ?? 0) * 100)}%`);
    const ok = totalMs < targetMs && outcome.caseCount === caseTarget;
    console.log(`  target: ${caseTarget} cases in < ${targetMs / 1000} s: ${ok ? 'met' : 'MISSED'}`);
    await client.close();
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
