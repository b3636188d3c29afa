// `npm run bench [live-reads|chat-send|replies|admin-lists|earnings|broadcasts|creator-insights|job-pickup|knowledge|quality|reach-out|web]`: runs the benchmarks
// and prints their figures against their baselines, measured in the same run. Exits non-zero when a target is missed.
import { benchAdminLists } from './admin-lists.ts';
import { benchBroadcasts } from './broadcasts.ts';
import { benchChatSend } from './chat-send.ts';
import { benchCreatorInsights } from './creator-insights.ts';
import { benchEarnings } from './earnings.ts';
import { benchJobPickup } from './job-pickup.ts';
import { benchKnowledgeRetrieval } from './knowledge-retrieval.ts';
import { benchLiveReads } from './live-reads.ts';
import { benchQuality } from './quality.ts';
import { benchReachOut } from './reach-out.ts';
import { benchReplies } from './replies.ts';
import { benchWeb } from './web.ts';

const benches = {
  'live-reads': benchLiveReads,
  'chat-send': benchChatSend,
  replies: benchReplies,
  'admin-lists': benchAdminLists,
  earnings: benchEarnings,
  broadcasts: benchBroadcasts,
  'creator-insights': benchCreatorInsights,
  'job-pickup': benchJobPickup,
  knowledge: benchKnowledgeRetrieval,
  quality: benchQuality,
  'reach-out': benchReachOut,
  web: benchWeb,
};
const wanted = process.argv.slice(2).filter((name): name is keyof typeof benches => name in benches);
const results = [];
for (const name of wanted.length > 0 ? wanted : (Object.keys(benches) as Array<keyof typeof benches>)) {
  results.push(await benches[name]());
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
