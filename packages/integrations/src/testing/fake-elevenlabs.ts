// A local ElevenLabs text-to-speech endpoint for tests: checks the xi-api-key like the real API and
// answers with a few silent MP3 frames (valid MPEG-1 Layer III, so audio players accept them).
import { delay, listen, readBody, sendJson } from './http.ts';

export type FakeElevenLabsRequest = {
  voiceId: string;
  outputFormat: string | null;
  apiKey: string | null;
  body: { text?: string; model_id?: string; voice_settings?: Record<string, unknown>; [key: string]: unknown } | null;
};

export type FakeElevenLabs = {
  /** Base URL for createElevenLabsTts({ baseURL }) (no /v1). */
  url: string;
  /** The key it accepts. */
  apiKey: string;
  requests: FakeElevenLabsRequest[];
  /** Make the next synthesis fail with this HTTP status. */
  failNext: (status: number, message?: string) => void;
  close: () => Promise<void>;
};

/** 128 kbps, 44.1 kHz, mono: a 417-byte frame whose zero side information decodes as silence. */
const silentFrame = (): Uint8Array => {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return frame;
};

/** About a tenth of a second of silence. */
export const FAKE_MP3_BYTES: Uint8Array = (() => {
  const frames = 4;
  const bytes = new Uint8Array(417 * frames);
  for (let index = 0; index < frames; index++) bytes.set(silentFrame(), index * 417);
  return bytes;
})();

export const startFakeElevenLabs = async (options: { apiKey?: string; delayMs?: number } = {}): Promise<FakeElevenLabs> => {
  const apiKey = options.apiKey ?? 'fake-elevenlabs-key';
  const requests: FakeElevenLabsRequest[] = [];
  const failures: Array<{ status: number; message: string }> = [];

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
    const raw = await readBody(request);
    if (request.method !== 'POST' || !match?.[1]) {
      return sendJson(response, 404, { detail: { status: 'not_found', message: `No route ${request.method} ${url.pathname}` } });
    }
    let body: FakeElevenLabsRequest['body'] = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendJson(response, 400, { detail: { status: 'invalid_json', message: 'Body is not JSON' } });
    }
    const key = request.headers['xi-api-key'];
    const sentKey = typeof key === 'string' ? key : null;
    requests.push({
      voiceId: decodeURIComponent(match[1]),
      outputFormat: url.searchParams.get('output_format'),
      apiKey: sentKey,
      body,
    });
    if (sentKey !== apiKey) {
      return sendJson(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    const failure = failures.shift();
    if (failure) return sendJson(response, failure.status, { detail: { status: 'error', message: failure.message } });
    if (typeof body?.text !== 'string' || body.text.length === 0) {
      return sendJson(response, 422, { detail: { status: 'invalid_text', message: 'text is required' } });
    }
    if (options.delayMs) await delay(options.delayMs);
    response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': FAKE_MP3_BYTES.length });
    response.end(Buffer.from(FAKE_MP3_BYTES));
  });

  return {
    url: server.origin,
    apiKey,
    requests,
    failNext: (status, message = `Fake failure ${status}`) => {
      failures.push({ status, message });
    },
    close: server.close,
  };
};
