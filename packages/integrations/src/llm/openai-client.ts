// The one way we build the `openai` SDK client, shared by the LLM and fine-tuning adapters.
import OpenAI from 'openai';

export const DEFAULT_OPENAI_TIMEOUT_MS = 30_000;

export type OpenAiClientConfig = {
  /** OPENAI_API_KEY. Optional for OpenAI-compatible servers without auth (then a placeholder is sent). */
  apiKey?: string | null | undefined;
  /** OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1; default https://api.openai.com/v1. */
  baseURL?: string | null | undefined;
  /** Per request; default 30 s. */
  timeoutMs?: number | undefined;
  /** How requests go out; default Node's global fetch. */
  fetch?: typeof fetch | undefined;
};

export const createOpenAiClient = (config: OpenAiClientConfig): OpenAI =>
  new OpenAI({
    // Everything is passed explicitly so the SDK reads nothing from process.env (apps own the env).
    apiKey: config.apiKey || 'no-api-key',
    baseURL: config.baseURL || 'https://api.openai.com/v1',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    // The SDK never retries: our jobs own retries, so a failed call surfaces at once.
    maxRetries: 0,
    timeout: config.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
    logLevel: 'off',
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
