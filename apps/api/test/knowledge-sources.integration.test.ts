// The creator's knowledge sources through the real API (talent.knowledge.*, files.upload with
// purpose 'knowledge', admin.talents.knowledge): each kind of source is stored as PROCESSING with
// its ingestion job queued in the same commit; list, rename, delete and re-fetch; the quotas; and
// everyone but the twin's managers is refused on every call and changes nothing.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knowledgeSources } from '@doppel/db';
import { knowledgeLimits } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, png } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-knowledge-files-'));
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let fan: Caller;
let admin: Caller;
let talentId: string;

beforeAll(async () => {
  api = await startApi({ env: { FILES_DIR: filesDir } });
  people = await seedPeople(api);
  talentId = people.talentA.id;
  manager = await signIn(api, people.creatorA.email as string);
  otherManager = await signIn(api, people.creatorB.email as string);
  fan = await signIn(api, people.fan.email as string);
  admin = await signIn(api, people.admin.email as string);
});
afterAll(async () => {
  await api.close();
  rmSync(filesDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await api.database.db.delete(knowledgeSources);
  await api.database.sql`delete from pgboss.job where name = 'knowledge.ingest'`;
  rmSync(join(filesDir, 'talents', talentId, 'knowledge'), { recursive: true, force: true });
});

async function queuedIngestJobs() {
  const rows = await api.database.sql<{ data: { sourceId: string; revision: number } }[]>`
    select data from pgboss.job where name = 'knowledge.ingest' and state = 'created' order by created_on`;
  return rows.map((row) => ({ sourceId: row.data.sourceId, revision: row.data.revision }));
}

const storedRows = () => api.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.talentId, talentId));
const knowledgeFiles = () => {
  try {
    return readdirSync(join(filesDir, 'talents', talentId, 'knowledge'));
  } catch {
    return [];
  }
};

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function uploadKnowledge(caller: Caller, bytes: Buffer, name: string, type = 'application/octet-stream') {
  return caller.client.files.upload.mutate({
    ownerId: talentId,
    ownerType: 'TALENT',
    purpose: 'knowledge',
    file: fileInput(bytes, name, type),
  });
}

describe('adding sources', () => {
  it('an uploaded PDF becomes a PROCESSING file source with its job, titled by its name', async () => {
    const uploaded = await uploadKnowledge(manager, pdfBytes, 'Travel notes 2026.pdf', 'application/pdf');
    expect(uploaded.type).toBe('DOCUMENT');
    expect(uploaded.filePath).toMatch(new RegExp(`^talents/${talentId}/knowledge/[A-Za-z0-9_-]+\\.pdf$`));

    const source = await manager.client.talent.knowledge.addFile.mutate({
      talentId,
      filePath: uploaded.filePath,
      originalFileName: 'Travel notes 2026.pdf',
    });
    expect(source).toMatchObject({
      kind: 'FILE',
      format: 'PDF',
      title: 'Travel notes 2026',
      status: 'PROCESSING',
      byteSize: pdfBytes.length,
    });
    const [row] = await storedRows();
    expect(row).toMatchObject({ id: source.id, revision: 1, fileKey: uploaded.filePath });
    expect(await queuedIngestJobs()).toEqual([{ sourceId: source.id, revision: 1 }]);
  });

  it('text files are told apart by name once their bytes are text: Markdown, subtitles, CSV', async () => {
    const markdown = await uploadKnowledge(manager, Buffer.from('# Lisbon\nThe best pastel de nata.\n'), 'lisbon.md');
    const subtitles = await uploadKnowledge(
      manager,
      Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello there\n'),
      'talk.vtt',
    );
    const csv = await uploadKnowledge(manager, Buffer.from('question,answer\nFavourite city?,Lisbon\n'), 'faq.csv');
    const formats = [];
    for (const [uploaded, name] of [
      [markdown, 'lisbon.md'],
      [subtitles, 'talk.vtt'],
      [csv, 'faq.csv'],
    ] as const) {
      const source = await manager.client.talent.knowledge.addFile.mutate({
        talentId,
        filePath: uploaded.filePath,
        originalFileName: name,
        title: `Title of ${name}`,
      });
      formats.push([source.title, source.format]);
    }
    expect(formats).toEqual([
      ['Title of lisbon.md', 'MARKDOWN'],
      ['Title of talk.vtt', 'SUBTITLES'],
      ['Title of faq.csv', 'QA_CSV'],
    ]);
    expect(await queuedIngestJobs()).toHaveLength(3);
  });

  it('a forged file is refused by its content, whatever its name, and stores nothing', async () => {
    const image = png(4, 4);
    const forged = await refusal(uploadKnowledge(manager, image, 'report.pdf', 'application/pdf'));
    expect(forged.code).toBe('BAD_REQUEST');
    expect(forged.message).toBe(
      'This file is not a PDF, Word document (.docx), text, Markdown, subtitle (.srt, .vtt) or CSV file.',
    );
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]);
    expect((await refusal(uploadKnowledge(manager, zip, 'letter.docx'))).code).toBe('BAD_REQUEST');
    expect(knowledgeFiles()).toEqual([]);
    // Text is text whatever its name says: kept as a text document, never as a PDF.
    const textNamedPdf = await uploadKnowledge(manager, Buffer.from('just words'), 'report.pdf');
    expect(textNamedPdf.filePath).toMatch(/\.txt$/);
  });

  it('a file that is not one of this twin’s knowledge uploads is refused', async () => {
    const gallery = await manager.client.files.upload.mutate({
      ownerId: talentId,
      ownerType: 'TALENT',
      purpose: 'gallery',
      file: fileInput(png(8, 8), 'photo.png', 'image/png'),
    });
    const otherTwins = await otherManager.client.files.upload.mutate({
      ownerId: people.talentB.id,
      ownerType: 'TALENT',
      purpose: 'knowledge',
      file: fileInput(pdfBytes, 'theirs.pdf', 'application/pdf'),
    });
    for (const filePath of [
      gallery.filePath,
      otherTwins.filePath,
      `talents/${talentId}/knowledge/madeup.pdf`,
      '../../etc/passwd',
    ]) {
      const refused = await refusal(
        manager.client.talent.knowledge.addFile.mutate({ talentId, filePath, originalFileName: 'x.pdf' }),
      );
      expect(refused.code, filePath).toBe('BAD_REQUEST');
      expect(refused.message).toBe('Upload the file again: it was not found among your uploads.');
    }
    // The same upload twice is one source.
    const uploaded = await uploadKnowledge(manager, pdfBytes, 'once.pdf');
    await manager.client.talent.knowledge.addFile.mutate({ talentId, filePath: uploaded.filePath, originalFileName: 'once.pdf' });
    const again = await refusal(
      manager.client.talent.knowledge.addFile.mutate({ talentId, filePath: uploaded.filePath, originalFileName: 'once.pdf' }),
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: 'This file is already one of your sources.' });
    expect(await storedRows()).toHaveLength(1);
    expect(await queuedIngestJobs()).toHaveLength(1);
  });

  it('pasted text is stored as a file and becomes a TEXT or MARKDOWN source with its job', async () => {
    const plain = await manager.client.talent.knowledge.addText.mutate({
      talentId,
      title: 'About me',
      text: '  I grew up by the sea.  ',
    });
    const marked = await manager.client.talent.knowledge.addText.mutate({
      talentId,
      title: 'Guide',
      text: '# Porto\nGo to the river.',
    });
    expect(plain).toMatchObject({
      kind: 'TEXT',
      format: 'TEXT',
      title: 'About me',
      status: 'PROCESSING',
      byteSize: 'I grew up by the sea.'.length,
    });
    expect(marked).toMatchObject({ kind: 'TEXT', format: 'MARKDOWN' });
    const rows = await storedRows();
    const plainRow = rows.find((row) => row.id === plain.id);
    expect(plainRow?.fileKey).toMatch(/\.txt$/);
    expect(knowledgeFiles().sort()).toEqual(rows.map((row) => row.fileKey?.split('/').pop()).sort());
    expect((await queuedIngestJobs()).map((job) => job.sourceId).sort()).toEqual([plain.id, marked.id].sort());
  });

  it('a web address becomes a URL source; without a title the address stands as one', async () => {
    const page = await manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'https://example.com/interview' });
    expect(page).toMatchObject({
      kind: 'URL',
      format: 'WEB_PAGE',
      url: 'https://example.com/interview',
      title: 'https://example.com/interview',
      status: 'PROCESSING',
    });
    expect(await queuedIngestJobs()).toEqual([{ sourceId: page.id, revision: 1 }]);
  });

  it('bad input gets its message and changes nothing', async () => {
    const emptyTitle = await refusal(manager.client.talent.knowledge.addText.mutate({ talentId, title: '  ', text: 'Words' }));
    expect(emptyTitle.code).toBe('BAD_REQUEST');
    expect(emptyTitle.fieldErrors?.title?.[0]).toBeTruthy();
    const notHttp = await refusal(manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'ftp://example.com/file' }));
    expect(notHttp.fieldErrors?.url).toEqual(['Enter a web address starting with http:// or https://.']);
    const script = await refusal(manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'javascript:alert(1)' }));
    expect(script.code).toBe('BAD_REQUEST');
    expect(await storedRows()).toEqual([]);
    expect(await queuedIngestJobs()).toEqual([]);
  });

  it('refuses a source beyond the quota with the numbers, and adds nothing', async () => {
    await api.database.db.insert(knowledgeSources).values(
      Array.from({ length: knowledgeLimits.sourcesPerTwin }, (_, index) => ({
        talentId,
        kind: 'URL' as const,
        format: 'WEB_PAGE' as const,
        title: `Page ${index}`,
        url: `https://example.com/${index}`,
        status: 'READY' as const,
        charCount: 1000,
      })),
    );
    const refused = await refusal(manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'https://example.com/51' }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toBe('Your twin has 50 of 50 sources, the most it can have. Delete a source to add another.');
    expect(
      await refusal(manager.client.talent.knowledge.addText.mutate({ talentId, title: 'One more', text: 'More' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await storedRows()).toHaveLength(knowledgeLimits.sourcesPerTwin);
    expect(knowledgeFiles()).toEqual([]);
    expect(await queuedIngestJobs()).toEqual([]);
    const listed = await manager.client.talent.knowledge.list.query({ talentId });
    expect(listed.quota).toEqual({
      sources: { used: 50, max: knowledgeLimits.sourcesPerTwin },
      characters: { used: 50_000, max: knowledgeLimits.charactersPerTwin },
    });
  });
});

describe('listing and changing sources', () => {
  it('lists newest first with quotas counting characters of ready sources only', async () => {
    const first = await manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'https://example.com/a', title: 'First' });
    const second = await manager.client.talent.knowledge.addText.mutate({ talentId, title: 'Second', text: 'Some words' });
    await api.database.db
      .update(knowledgeSources)
      .set({ status: 'READY', charCount: 1234, passageCount: 3 })
      .where(eq(knowledgeSources.id, first.id));
    await api.database.db.update(knowledgeSources).set({ charCount: 99 }).where(eq(knowledgeSources.id, second.id));
    const listed = await manager.client.talent.knowledge.list.query({ talentId });
    expect(listed.sources.map((source) => [source.title, source.status])).toEqual([
      ['Second', 'PROCESSING'],
      ['First', 'READY'],
    ]);
    expect(listed.sources[1]?.passageCount).toBe(3);
    expect(listed.quota.characters.used).toBe(1234);
    expect(listed.quota.sources.used).toBe(2);
    // The admin reads the same list.
    expect(await admin.client.admin.talents.knowledge.query({ talentId })).toEqual(listed);
    // And opens its database record.
    const record = await admin.client.admin.records.get.query({ table: 'knowledge_sources', id: first.id });
    expect(record.record).toMatchObject({ id: first.id, talentId, title: 'First', status: 'READY', revision: 1 });
  });

  it('renames, refuses an empty name, and deletes a source with its stored file', async () => {
    const text = await manager.client.talent.knowledge.addText.mutate({ talentId, title: 'Draft', text: 'Words' });
    const renamed = await manager.client.talent.knowledge.rename.mutate({ talentId, sourceId: text.id, title: 'Final' });
    expect(renamed.title).toBe('Final');
    expect((await refusal(manager.client.talent.knowledge.rename.mutate({ talentId, sourceId: text.id, title: '' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await storedRows())[0]?.title).toBe('Final');
    expect(knowledgeFiles()).toHaveLength(1);

    expect(await manager.client.talent.knowledge.delete.mutate({ talentId, sourceId: text.id })).toEqual({ ok: true });
    expect(await storedRows()).toEqual([]);
    expect(knowledgeFiles()).toEqual([]);
    const gone = await refusal(manager.client.talent.knowledge.delete.mutate({ talentId, sourceId: text.id }));
    expect(gone).toMatchObject({ code: 'NOT_FOUND', message: 'This source does not exist.' });
  });

  it('re-fetches a web page as a new revision with its job; only web pages, not while one is read', async () => {
    const page = await manager.client.talent.knowledge.addUrl.mutate({ talentId, url: 'https://example.com/p' });
    const busy = await refusal(manager.client.talent.knowledge.refetch.mutate({ talentId, sourceId: page.id }));
    expect(busy).toMatchObject({ code: 'CONFLICT', message: 'This source is still being read. Try again when it is done.' });
    await api.database.db
      .update(knowledgeSources)
      .set({ status: 'FAILED', failureReason: 'The page did not answer.' })
      .where(eq(knowledgeSources.id, page.id));
    const again = await manager.client.talent.knowledge.refetch.mutate({ talentId, sourceId: page.id });
    expect(again).toMatchObject({ status: 'PROCESSING', failureReason: null });
    expect((await storedRows())[0]?.revision).toBe(2);
    expect(await queuedIngestJobs()).toEqual([
      { sourceId: page.id, revision: 1 },
      { sourceId: page.id, revision: 2 },
    ]);
    const text = await manager.client.talent.knowledge.addText.mutate({ talentId, title: 'Notes', text: 'Words' });
    await api.database.db.update(knowledgeSources).set({ status: 'READY' }).where(eq(knowledgeSources.id, text.id));
    expect(await refusal(manager.client.talent.knowledge.refetch.mutate({ talentId, sourceId: text.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only web page sources can be fetched again.',
    });
  });
});

describe('who may', () => {
  it('another creator, a fan and the public are refused on every call and change nothing', async () => {
    const page = await manager.client.talent.knowledge.addUrl.mutate({
      talentId,
      url: 'https://example.com/mine',
      title: 'Mine',
    });
    const uploaded = await uploadKnowledge(manager, pdfBytes, 'mine.pdf');
    const before = await storedRows();
    const jobsBefore = await queuedIngestJobs();
    const anonymous = createCaller(api);
    const outsiders: Array<[string, Caller, string]> = [
      ['another creator', otherManager, 'FORBIDDEN'],
      ['a fan', fan, 'FORBIDDEN'],
      ['the public', anonymous, 'UNAUTHORIZED'],
    ];
    for (const [who, caller, code] of outsiders) {
      const knowledge = caller.client.talent.knowledge;
      const calls = {
        list: () => knowledge.list.query({ talentId }),
        addFile: () => knowledge.addFile.mutate({ talentId, filePath: uploaded.filePath, originalFileName: 'mine.pdf' }),
        addText: () => knowledge.addText.mutate({ talentId, title: 'Theirs', text: 'Words' }),
        addUrl: () => knowledge.addUrl.mutate({ talentId, url: 'https://example.com/theirs' }),
        rename: () => knowledge.rename.mutate({ talentId, sourceId: page.id, title: 'Theirs' }),
        delete: () => knowledge.delete.mutate({ talentId, sourceId: page.id }),
        refetch: () => knowledge.refetch.mutate({ talentId, sourceId: page.id }),
        adminList: () => caller.client.admin.talents.knowledge.query({ talentId }),
        upload: () => uploadKnowledge(caller, pdfBytes, 'theirs.pdf'),
      };
      for (const [name, call] of Object.entries(calls)) expect((await refusal(call())).code, `${who}: ${name}`).toBe(code);
      // Their own twin's id does not reach another twin's source either.
      if (caller === otherManager) {
        const ownTwin = { talentId: people.talentB.id, sourceId: page.id };
        expect((await refusal(knowledge.rename.mutate({ ...ownTwin, title: 'Theirs' }))).code).toBe('NOT_FOUND');
        expect((await refusal(knowledge.delete.mutate(ownTwin))).code).toBe('NOT_FOUND');
        expect((await refusal(knowledge.refetch.mutate(ownTwin))).code).toBe('NOT_FOUND');
        const theirs = await knowledge.list.query({ talentId: people.talentB.id });
        expect(theirs.sources).toEqual([]);
      }
    }
    expect(await storedRows()).toEqual(before);
    expect(await queuedIngestJobs()).toEqual(jobsBefore);
  });
});
