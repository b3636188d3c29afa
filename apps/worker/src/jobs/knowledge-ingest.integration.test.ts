// The knowledge.ingest job on a real Postgres with the real readers: every kind of source becomes
// passages; a retry, a second run or two runs at once store each passage once; a source deleted or
// re-fetched while it is read ends consistently; a twin over its character quota and hostile files
// fail with their reasons and store nothing. Sources are inserted as the API would leave them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { knowledgePassages, knowledgeSources, talents } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { genericIngestFailure } from '@doppel/domain/knowledge';
import { type FileStorage, LlmError, type LlmPort } from '@doppel/domain/ports';
import {
  createDocumentReader,
  createOfflineLlm,
  createUnconfiguredTts,
  createWebPageFetcher,
  OFFLINE_EMBEDDING_DIMENSIONS,
} from '@doppel/integrations';
import { makeDocx, makePdf, makeZipBomb } from '@doppel/integrations/testing';
import { createBoss, enqueueKnowledgeIngest, jobCatalog } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { knowledgeLimits } from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startWorker } from '../worker.ts';
import { runKnowledgeIngest } from './knowledge-ingest.ts';
import type { JobContext, WorkerServices } from './types.ts';

// Reading a PDF, Word file or web page starts a parser thread: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let database: TestDatabase;
let server: Server;
let pageBase: string;
const webHost = '127.0.0.2';
const files = new Map<string, Buffer>();
let talentCount = 0;

/**
 * The file storage port kept in memory: knowledge files are stored under their own extensions
 * (.pdf, .docx, .md …), which the disk adapter accepts once the upload side lands (wt-sources).
 */
const storage: FileStorage = {
  put: async (path, bytes) => {
    files.set(path, Buffer.from(bytes));
  },
  read: async (path) => {
    const bytes = files.get(path);
    return bytes ? { bytes, contentType: 'application/octet-stream' } : undefined;
  },
  exists: async (path) => files.has(path),
  remove: async (path) => {
    files.delete(path);
  },
};

const reader = createDocumentReader();

function servicesWith(llm: LlmPort = createOfflineLlm()): WorkerServices {
  return {
    llm,
    tts: createUnconfiguredTts(),
    storage,
    // May reach the test's web server (on 127.0.0.2) and no other private address.
    knowledge: { reader, fetcher: createWebPageFetcher({ allowedPrivateAddresses: [webHost] }) },
  };
}

const contextFor = (services: WorkerServices, retryCount = 0): JobContext => ({
  db: database.db,
  log: silentLogger,
  job: { id: 'job-1', name: 'knowledge.ingest', retryCount },
  services,
});

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  server = createServer((request, response) => {
    if (request.url === '/moved') return response.writeHead(301, { location: '/travel' }).end();
    if (request.url === '/to-metadata') return response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    if (request.url === '/travel') {
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Three days in Porto</title></head><body><nav>Home</nav><article><h1>Porto</h1><p>${'The river walk at dusk is the best hour of the day in Porto. '.repeat(6)}</p><h2>Food</h2><p>The francesinha at Café Santiago is worth the queue. ${'Order it with a cold drink and share it. '.repeat(5)}</p></article></body></html>`,
        );
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, webHost, resolve));
  pageBase = `http://${webHost}:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await database?.drop();
});

async function newTalent(): Promise<string> {
  talentCount += 1;
  const id = `knowledge-twin-${talentCount}`;
  await database.db.insert(talents).values({ id, name: `Twin ${talentCount}`, tag: `knowledge_twin_${talentCount}` });
  return id;
}

type NewSource = {
  talentId: string;
  kind: 'FILE' | 'TEXT' | 'URL';
  format: (typeof knowledgeSources.$inferInsert)['format'];
  title?: string;
  bytes?: Uint8Array;
  extension?: string;
  url?: string;
};

/** A source as the API leaves it: the row PROCESSING at revision 1, its file stored. */
async function addSource(source: NewSource): Promise<{ id: string; revision: number }> {
  const fileKey = source.bytes ? `talents/${source.talentId}/knowledge/${files.size + 1}.${source.extension ?? 'txt'}` : null;
  if (fileKey && source.bytes) await storage.put(fileKey, source.bytes, 'application/octet-stream');
  const [row] = await database.db
    .insert(knowledgeSources)
    .values({
      talentId: source.talentId,
      kind: source.kind,
      format: source.format,
      title: source.title ?? source.url ?? 'Untitled',
      url: source.url ?? null,
      fileKey,
      byteSize: source.bytes?.length ?? 0,
    })
    .returning({ id: knowledgeSources.id, revision: knowledgeSources.revision });
  if (!row) throw new Error('source insert failed');
  return row;
}

const sourceRow = async (id: string) => {
  const [row] = await database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id));
  return row;
};

const passagesOf = (id: string) =>
  database.db
    .select()
    .from(knowledgePassages)
    .where(eq(knowledgePassages.sourceId, id))
    .orderBy(asc(knowledgePassages.revision), asc(knowledgePassages.position));

const text = (value: string) => new TextEncoder().encode(value);

async function ingest(source: { id: string; revision: number }, services = servicesWith(), retryCount = 0) {
  return runKnowledgeIngest({ sourceId: source.id, revision: source.revision }, contextFor(services, retryCount));
}

async function expectReady(id: string, facts: string[]) {
  const row = await sourceRow(id);
  expect(row?.failureReason ?? null, 'no failure reason').toBeNull();
  expect(row?.status).toBe('READY');
  expect(row?.processedAt).toBeInstanceOf(Date);
  const passages = await passagesOf(id);
  expect(passages.length).toBeGreaterThan(0);
  expect(row?.passageCount).toBe(passages.length);
  expect(row?.charCount).toBeGreaterThan(0);
  for (const passage of passages) {
    expect(passage.talentId).toBe(row?.talentId);
    expect(passage.embedding).toHaveLength(OFFLINE_EMBEDDING_DIMENSIONS);
  }
  const all = passages.map((p) => `${p.heading ?? ''}\n${p.text}`).join('\n');
  for (const fact of facts) expect(all, fact).toContain(fact);
  return { row, passages };
}

async function expectFailed(id: string, reason: string | RegExp) {
  const row = await sourceRow(id);
  expect(row?.status).toBe('FAILED');
  if (typeof reason === 'string') expect(row?.failureReason).toBe(reason);
  else expect(row?.failureReason).toMatch(reason);
  expect(row?.passageCount).toBe(0);
  expect(await passagesOf(id), 'no passages stored').toHaveLength(0);
}

describe('each kind of source ingests', () => {
  it('pasted text, Markdown, subtitles and a CSV of questions and answers', async () => {
    const talentId = await newTalent();
    const pasted = await addSource({
      talentId,
      kind: 'TEXT',
      format: 'TEXT',
      bytes: text('My first camera was a Pentax K1000.\n\nI still shoot film on Sundays.'),
    });
    const markdown = await addSource({
      talentId,
      kind: 'FILE',
      format: 'MARKDOWN',
      extension: 'md',
      bytes: text('# Gear\n\n## Lenses\n\nMy favourite lens is a 35 mm f/2.\n'),
    });
    const subtitles = await addSource({
      talentId,
      kind: 'FILE',
      format: 'SUBTITLES',
      extension: 'srt',
      bytes: text('1\n00:00:01,000 --> 00:00:03,000\nI grew up in Porto\n\n2\n00:00:03,000 --> 00:00:05,000\nnear the river.\n'),
    });
    const csv = await addSource({
      talentId,
      kind: 'FILE',
      format: 'QA_CSV',
      extension: 'csv',
      bytes: text('question,answer\nWhat is your dog called?,My dog is called Biscuit.\n'),
    });
    for (const source of [pasted, markdown, subtitles, csv]) {
      expect(await ingest(source)).toMatchObject({ status: 'READY', reason: null });
    }
    await expectReady(pasted.id, ['Pentax K1000', 'film on Sundays']);
    const { passages } = await expectReady(markdown.id, ['35 mm f/2']);
    expect(passages[0]?.heading).toBe('Gear › Lenses');
    const spoken = await expectReady(subtitles.id, ['I grew up in Porto near the river.']);
    expect(spoken.passages[0]?.text).not.toContain('-->');
    const qa = await expectReady(csv.id, ['My dog is called Biscuit.']);
    expect(qa.passages[0]?.heading).toBe('What is your dog called?');
  });

  it('a PDF and a Word document', async () => {
    const talentId = await newTalent();
    const pdf = await addSource({
      talentId,
      kind: 'FILE',
      format: 'PDF',
      extension: 'pdf',
      bytes: await makePdf([['I ran the Lisbon marathon in 2021.'], ['My time was 3 hours 41 minutes.']], 'Running'),
    });
    const docx = await addSource({
      talentId,
      kind: 'FILE',
      format: 'DOCX',
      extension: 'docx',
      bytes: makeDocx([{ text: 'Recipes', heading: true }, { text: 'My grandmother made caldo verde every Friday.' }]),
    });
    expect(await ingest(pdf)).toMatchObject({ status: 'READY' });
    expect(await ingest(docx)).toMatchObject({ status: 'READY' });
    await expectReady(pdf.id, ['Lisbon marathon in 2021', '3 hours 41 minutes']);
    const word = await expectReady(docx.id, ['caldo verde every Friday']);
    expect(word.passages[0]?.heading).toBe('Recipes');
  });

  it('a web page: fetched after its redirect, its final address kept and its own title taken', async () => {
    const talentId = await newTalent();
    const url = `${pageBase}/moved`;
    const page = await addSource({ talentId, kind: 'URL', format: 'WEB_PAGE', url });
    expect(await ingest(page)).toMatchObject({ status: 'READY' });
    const { row, passages } = await expectReady(page.id, ['francesinha at Café Santiago']);
    expect(row?.url).toBe(`${pageBase}/travel`);
    expect(row?.title).toBe('Three days in Porto');
    expect(row?.byteSize).toBeGreaterThan(0);
    expect(passages.map((p) => p.heading)).toContain('Food');
    expect(JSON.stringify(passages)).not.toContain('Home');
  });

  it('through a running worker: the job sent with the source is worked and the source turns ready', async () => {
    const talentId = await newTalent();
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text('I speak four languages.') });
    const worker = await startWorker({ databaseUrl: database.url, services: servicesWith() });
    const client = createBoss(database.url, { role: 'client' });
    await client.start();
    try {
      await database.db.transaction((tx) =>
        enqueueKnowledgeIngest(client, { sourceId: source.id, revision: source.revision }, { tx }),
      );
      await vi.waitFor(async () => expect((await sourceRow(source.id))?.status).toBe('READY'), { timeout: 60_000 });
      await expectReady(source.id, ['four languages']);
    } finally {
      await client.stop({ graceful: false });
      await worker.stop();
    }
  });
});

describe('sending the job', () => {
  it('keeps one waiting job per source revision, and one for each other source or revision', async () => {
    const client = createBoss(database.url, { role: 'client' });
    await client.start();
    try {
      const send = (sourceId: string, revision: number) =>
        database.db.transaction((tx) => enqueueKnowledgeIngest(client, { sourceId, revision }, { tx }));
      expect(await send('queued-a', 1)).toEqual(expect.any(String));
      expect(await send('queued-a', 1), 'the same revision again').toBeNull();
      expect(await send('queued-a', 2)).toEqual(expect.any(String));
      expect(await send('queued-b', 1)).toEqual(expect.any(String));
    } finally {
      await client.stop({ graceful: false });
    }
  });
});

describe('passages are stored once', () => {
  it('a second run, and two runs at once, store each passage once', async () => {
    const talentId = await newTalent();
    const body = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}: ${'a fact about my travels. '.repeat(8)}`).join('\n\n');
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text(body) });
    const outcomes = await Promise.all([ingest(source), ingest(source)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['READY', 'SKIPPED']);
    const { passages } = await expectReady(source.id, ['Paragraph 29']);
    expect(await ingest(source)).toMatchObject({ status: 'SKIPPED' });
    expect(await passagesOf(source.id)).toHaveLength(passages.length);
    expect(new Set(passages.map((p) => p.position)).size).toBe(passages.length);
  });

  it('a run that failed while embedding is retried cleanly', async () => {
    const talentId = await newTalent();
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text('I collect vinyl records.') });
    const offline = createOfflineLlm();
    let calls = 0;
    const flaky: LlmPort = {
      ...offline,
      embed: async (texts) => {
        calls += 1;
        if (calls === 1) throw new LlmError('rate limited', true);
        return offline.embed(texts);
      },
    };
    const services = servicesWith(flaky);
    await expect(ingest(source, services)).rejects.toThrow('rate limited');
    expect((await sourceRow(source.id))?.status).toBe('PROCESSING');
    expect(await passagesOf(source.id)).toHaveLength(0);
    expect(await ingest(source, services, 1)).toMatchObject({ status: 'READY' });
    await expectReady(source.id, ['vinyl records']);
  });

  it('the last attempt leaves the source failed with a generic reason', async () => {
    const talentId = await newTalent();
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text('Something to embed.') });
    const broken: LlmPort = {
      ...createOfflineLlm(),
      embed: async () => {
        throw new LlmError('provider down', true);
      },
    };
    const lastRetry = jobCatalog['knowledge.ingest'].queue.retryLimit;
    await expect(ingest(source, servicesWith(broken), lastRetry)).rejects.toThrow('provider down');
    await expectFailed(source.id, genericIngestFailure);
  });
});

describe('a source that changes while it is read', () => {
  /** An embedding engine that runs `meanwhile` before it answers, as a creator acting during ingestion. */
  const embeddingThen = (meanwhile: () => Promise<void>): LlmPort => {
    const offline = createOfflineLlm();
    return {
      ...offline,
      embed: async (texts) => {
        await meanwhile();
        return offline.embed(texts);
      },
    };
  };

  it('deleted: nothing is stored and the job ends', async () => {
    const talentId = await newTalent();
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text('Soon gone.') });
    const llm = embeddingThen(async () => {
      await database.db.delete(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    });
    expect(await ingest(source, servicesWith(llm))).toMatchObject({ status: 'SKIPPED' });
    expect(await sourceRow(source.id)).toBeUndefined();
    expect(await passagesOf(source.id)).toHaveLength(0);
  });

  it('re-fetched: the older job stores nothing, the newer one replaces the old passages', async () => {
    const talentId = await newTalent();
    const page = await addSource({ talentId, kind: 'URL', format: 'WEB_PAGE', url: `${pageBase}/travel`, title: 'Porto' });
    expect(await ingest(page)).toMatchObject({ status: 'READY' });
    const first = await passagesOf(page.id);
    // A re-fetch (revision 2) starts, and while it embeds a third one is asked for.
    await database.db.update(knowledgeSources).set({ revision: 2, status: 'PROCESSING' }).where(eq(knowledgeSources.id, page.id));
    const llm = embeddingThen(async () => {
      await database.db.update(knowledgeSources).set({ revision: 3 }).where(eq(knowledgeSources.id, page.id));
    });
    expect(await ingest({ id: page.id, revision: 2 }, servicesWith(llm))).toMatchObject({ status: 'SKIPPED' });
    expect((await passagesOf(page.id)).map((p) => p.revision)).toEqual(first.map(() => 1));
    expect(await ingest({ id: page.id, revision: 3 })).toMatchObject({ status: 'READY' });
    const { passages, row } = await expectReady(page.id, ['francesinha']);
    expect(new Set(passages.map((p) => p.revision))).toEqual(new Set([3]));
    expect(row?.title).toBe('Porto');
  });
});

describe('refusals', () => {
  it('over the twin character quota: failed with the numbers, nothing stored', async () => {
    const talentId = await newTalent();
    const max = knowledgeLimits.charactersPerTwin;
    await database.db.insert(knowledgeSources).values({
      talentId,
      kind: 'TEXT',
      format: 'TEXT',
      title: 'Big book',
      status: 'READY',
      charCount: max - 10,
    });
    const source = await addSource({ talentId, kind: 'TEXT', format: 'TEXT', bytes: text('Twenty-five characters..') });
    expect(await ingest(source)).toMatchObject({ status: 'FAILED' });
    await expectFailed(
      source.id,
      `This source holds 24 characters; with the twin's other sources that makes ${(max + 14).toLocaleString('en-US')} of the ${max.toLocaleString('en-US')} characters a twin may know. Remove a source or add a shorter one.`,
    );
  });

  it('hostile and broken files fail with their reasons and store nothing', async () => {
    const talentId = await newTalent();
    const cases: Array<{ source: NewSource; reason: string | RegExp }> = [
      {
        source: { talentId, kind: 'FILE', format: 'DOCX', extension: 'docx', bytes: makeZipBomb(80 * 1024 * 1024) },
        reason: 'This Word document unpacks to more than we can read. Is it really a document?',
      },
      {
        source: { talentId, kind: 'FILE', format: 'PDF', extension: 'pdf', bytes: text('I am text pretending to be a PDF.') },
        reason: 'This file is text, not a PDF.',
      },
      {
        source: { talentId, kind: 'FILE', format: 'TEXT', extension: 'txt', bytes: new Uint8Array([0, 1, 2, 250, 251, 0, 7]) },
        reason: 'We cannot read this kind of file.',
      },
      {
        source: { talentId, kind: 'FILE', format: 'PDF', extension: 'pdf', bytes: await makePdf([[]]) },
        reason: /^This PDF holds no text we can read/,
      },
      {
        source: { talentId, kind: 'URL', format: 'WEB_PAGE', url: `${pageBase}/to-metadata` },
        reason: 'This address points into a private network, which we do not read. Use a public web page.',
      },
      {
        source: { talentId, kind: 'URL', format: 'WEB_PAGE', url: 'http://127.0.0.1:9/' },
        reason: 'This address points into a private network, which we do not read. Use a public web page.',
      },
    ];
    for (const { source, reason } of cases) {
      const added = await addSource(source);
      expect(await ingest(added), JSON.stringify({ ...source, bytes: undefined })).toMatchObject({ status: 'FAILED' });
      await expectFailed(added.id, reason);
    }
    const missing = await addSource({ talentId, kind: 'FILE', format: 'TEXT', bytes: text('gone') });
    const [row] = await database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, missing.id));
    if (row?.fileKey) await storage.remove(row.fileKey);
    await ingest(missing);
    await expectFailed(missing.id, 'The stored file of this source is missing. Delete it and add it again.');
  });
});
