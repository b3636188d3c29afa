// `npm run bench`: runs every benchmark and prints its figures against its baseline.
import { benchLiveReads } from './live-reads.ts';

const results = [await benchLiveReads()];
process.exit(results.every((result) => result.ok) ? 0 : 1);
