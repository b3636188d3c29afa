// Demo knowledge sources: Mia's travel blog post and a radio interview, READY with their passages,
// so the demo twin answers from what only they say ("where did you eat on Madeira?"). The passages
// are stored without vectors: the first reply embeds them with the engine that answers (offline or
// a provider's), the way retrieval treats sources ingested under another engine.
import type { Transaction } from '../client.ts';
import { knowledgePassages, knowledgeSources, newId } from '../schema/index.ts';
import type { SeedContext } from './business.ts';

type DemoSource = {
  kind: 'URL' | 'TEXT';
  format: 'WEB_PAGE' | 'TEXT';
  title: string;
  url: string | null;
  daysAgo: number;
  passages: Array<{ heading: string | null; text: string }>;
};

export const miaKnowledgeSources: DemoSource[] = [
  {
    kind: 'URL',
    format: 'WEB_PAGE',
    title: 'Ten days on Madeira (blog post)',
    url: 'https://miamoreno.com/blog/ten-days-on-madeira',
    daysAgo: 20,
    passages: [
      {
        heading: 'The levada walk',
        text:
          'My favourite hike on Madeira was the Levada do Caldeirão Verde: six kilometres along a water channel, ' +
          'through four tunnels, ending at a waterfall that drops a hundred metres into a green pool. ' +
          'Bring a head torch for the tunnels and a rain jacket, the spray soaks you.',
      },
      {
        heading: 'Sunrise on Pico do Arieiro',
        text:
          'I woke up at 4:30 to drive up to Pico do Arieiro for sunrise, 1,818 metres above the sea. ' +
          'The clouds sat below us like a white ocean. It was freezing, so pack gloves even in summer.',
      },
      {
        heading: 'What I ate',
        text:
          'The best meal of the trip was espetada, beef grilled on bay-laurel skewers, at a tiny family place in Câmara de Lobos. ' +
          'I ate bolo do caco with garlic butter every single day, and the passion fruit poncha at the harbour bar was dangerous.',
      },
      {
        heading: 'Getting around',
        text:
          'I rented a small car in Funchal for the whole trip. The mountain roads are steep and narrow, ' +
          'so I would not do it without one, but take the cable car up to Monte at least once for the view.',
      },
    ],
  },
  {
    kind: 'TEXT',
    format: 'TEXT',
    title: 'Interview with Wanderlust Radio (transcript)',
    url: null,
    daysAgo: 45,
    passages: [
      {
        heading: null,
        text:
          'Host: How did you start travelling on your own?\n' +
          'Mia: I saved for a year from my job at a café in Valencia and bought a one-way ticket to Lisbon. ' +
          'I was twenty-two and I only knew two words of Portuguese: obrigada and galão.',
      },
      {
        heading: null,
        text:
          'Host: What is always in your bag?\n' +
          'Mia: My 35mm film camera, an old Pentax K1000 that was my grandfather’s, three rolls of Portra 400, ' +
          'and a paperback I swap at every hostel.',
      },
      {
        heading: null,
        text:
          'Host: Where do you want to go next?\n' +
          'Mia: The Azores, in autumn. I want to swim with dolphins off Pico island and see the tea plantations on São Miguel.',
      },
    ],
  },
];

export async function seedKnowledgeSources(tx: Transaction, ctx: SeedContext): Promise<void> {
  for (const source of miaKnowledgeSources) {
    const id = newId();
    const text = source.passages.map((passage) => [passage.heading, passage.text].filter(Boolean).join('\n')).join('\n\n');
    const at = ctx.ago(source.daysAgo);
    await tx.insert(knowledgeSources).values({
      id,
      talentId: ctx.miaId,
      kind: source.kind,
      format: source.format,
      title: source.title,
      url: source.url,
      byteSize: Buffer.byteLength(text),
      charCount: text.length,
      status: 'READY',
      passageCount: source.passages.length,
      processedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await tx.insert(knowledgePassages).values(
      source.passages.map((passage, position) => ({
        sourceId: id,
        talentId: ctx.miaId,
        revision: 1,
        position,
        heading: passage.heading,
        text: passage.text,
        embedding: [],
        createdAt: at,
      })),
    );
  }
}
