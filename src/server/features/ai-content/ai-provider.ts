import type * as OpenAiCompatible from '@ai-sdk/openai-compatible';
import type * as AiSdk from 'ai';
import {
  AI_LANGUAGES,
  type GenerateOptions,
  type ProviderInfo,
} from '#shared/contracts/ai-content.contract.ts';
import { AppError, type ErrorCode } from '#shared/errors/index.ts';
import { hashtagCap, limitsFor } from '#shared/platform-limits.ts';
import type { Env } from '#server/platform/env.ts';
import { clip, composeOffline, streamWords, type BusinessVoice } from './offline-generator.ts';

// Who writes the captions: an OpenAI-compatible endpoint through the AI SDK when AI_BASE_URL and
// AI_MODEL are set (OpenAI, Ollama, vLLM…), otherwise the built-in offline generator. Both stream
// text and both fail with catalogue errors, so the service has one path.

export interface VariantRequest {
  voice: BusinessVoice;
  options: GenerateOptions;
  /** Different per variant and per request, so regenerating gives new text. */
  seed: string;
  signal: AbortSignal;
}

export interface TextGenerator {
  info: ProviderInfo;
  stream(request: VariantRequest): AsyncIterable<string>;
  generate(request: VariantRequest): Promise<string>;
}

export const OFFLINE_LABEL = 'Offline generator';

type Sdk = { ai: typeof AiSdk; openAiCompatible: typeof OpenAiCompatible };
let sdkLoading: Promise<Sdk> | undefined;

/**
 * The AI SDK takes about 0.1 s to load: it is loaded with AI_BASE_URL only, by the first call to
 * the provider, not at every start (decision 019).
 */
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= Promise.all([import('ai'), import('@ai-sdk/openai-compatible')]).then(
    ([ai, openAiCompatible]) => ({ ai, openAiCompatible }),
  );
  return sdkLoading;
}

export function createOfflineGenerator(pauseMs?: number): TextGenerator {
  const options = pauseMs === undefined ? {} : { pauseMs };
  return {
    info: { kind: 'offline', label: OFFLINE_LABEL },
    stream: (request) =>
      streamWords(composeOffline(request), { ...options, signal: request.signal }),
    generate: (request) => Promise.resolve(composeOffline(request)),
  };
}

const LENGTH_WORDS = { short: '20 to 40', medium: '50 to 90', long: '120 to 200' } as const;
const FORMAT_NAMES = {
  post: 'feed post',
  carousel: 'carousel post (several images)',
  reel: 'Reel (short video)',
} as const;

/** The instructions: the business's voice, the platform's limits and the user's choices. */
export function systemPromptFor(voice: BusinessVoice, options: GenerateOptions): string {
  const limits = limitsFor(options.platform, options.format);
  const platform = options.platform === 'instagram' ? 'Instagram' : 'Facebook';
  const cap = hashtagCap(limits);
  const profile = [
    `Business: ${clip(voice.businessName, 120)}`,
    voice.industry ? `Industry: ${clip(voice.industry, 120)}` : null,
    voice.description ? `About: ${clip(voice.description, 500)}` : null,
    voice.brandVoice ? `Brand voice: ${clip(voice.brandVoice, 300)}` : null,
    voice.targetAudience ? `Target audience: ${clip(voice.targetAudience, 300)}` : null,
    voice.website ? `Website: ${clip(voice.website, 200)}` : null,
  ].filter(Boolean);
  return [
    `You write social media captions for a business, in its own voice.`,
    ...profile,
    ``,
    `Write one ${platform} ${FORMAT_NAMES[options.format]} caption.`,
    `Tone: ${options.tone}. Length: ${LENGTH_WORDS[options.length]} words.`,
    `Language: ${AI_LANGUAGES[options.language]}.`,
    options.emoji ? `Use a few fitting emoji.` : `Do not use emoji.`,
    options.hashtags
      ? `End with one line of at most ${Math.min(cap, 10)} relevant hashtags.`
      : `Do not use hashtags.`,
    `The whole text must stay under ${limits.captionMaxLength} characters.`,
    `Answer with the caption only: no title, no quotes, no explanations.`,
  ].join('\n');
}

export function createOpenAiCompatibleGenerator(config: {
  baseURL: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}): TextGenerator {
  const connecting = () =>
    loadSdk().then((sdk) => {
      const provider = sdk.openAiCompatible.createOpenAICompatible({
        name: 'ai',
        baseURL: config.baseURL.replace(/\/$/, ''),
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      });
      return { sdk, model: provider.chatModel(config.model) };
    });
  let connected: ReturnType<typeof connecting> | undefined;
  const info: ProviderInfo = { kind: 'openai-compatible', label: config.model };

  async function call(request: VariantRequest) {
    const { sdk, model } = await (connected ??= connecting());
    const timeout = AbortSignal.timeout(config.timeoutMs);
    return {
      sdk,
      timeout,
      settings: {
        model,
        system: systemPromptFor(request.voice, request.options),
        prompt: request.options.prompt,
        temperature: 0.9,
        // Retries are the user's choice: the page keeps the prompt and offers "Try again".
        maxRetries: 0,
        abortSignal: AbortSignal.any([request.signal, timeout]),
      },
    };
  }

  return {
    info,
    async *stream(request) {
      const { sdk, timeout, settings } = await call(request);
      try {
        const result = sdk.ai.streamText({ ...settings, onError: () => {} });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') yield part.text;
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'abort') throw new DOMException('aborted', 'AbortError');
        }
      } catch (error) {
        throw providerError(sdk.ai, error, { timedOut: timeout.aborted, model: config.model });
      }
    },
    async generate(request) {
      const { sdk, timeout, settings } = await call(request);
      try {
        return (await sdk.ai.generateText(settings)).text;
      } catch (error) {
        throw providerError(sdk.ai, error, { timedOut: timeout.aborted, model: config.model });
      }
    },
  };
}

/** The configured generator; the offline one when AI_BASE_URL or AI_MODEL is missing. */
export function generatorFromEnv(
  env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>,
): TextGenerator {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return createOfflineGenerator();
  return createOpenAiCompatibleGenerator({
    baseURL: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}

const cached = new WeakMap<object, TextGenerator>();

/** One generator per configuration object (per process, or per test app). */
export function generatorFor(env: Env): TextGenerator {
  let generator = cached.get(env);
  if (!generator) {
    generator = generatorFromEnv(env);
    cached.set(env, generator);
  }
  return generator;
}

function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException &&
      (error.name === 'AbortError' || error.name === 'TimeoutError')) ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  );
}

/**
 * Provider failures onto the catalogue (docs/product/errors.md#fallback-mapping, by status): a
 * refused key or an unknown model is our configuration (not retryable); 408 and time-outs, 429 and
 * 5xx are retryable; an unreachable endpoint is a network error. A cancelled request is an
 * AbortError.
 */
export function providerError(
  { APICallError, RetryError }: typeof AiSdk,
  error: unknown,
  context: { timedOut: boolean; model: string },
): Error {
  if (error instanceof AppError) return error;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (context.timedOut) {
    return AppError.from('TIMEOUT_ERROR', {
      technicalMessage: `AI provider (${context.model}) did not answer in time`,
      component: 'ai-provider',
      cause,
    });
  }
  if (isAbortError(cause)) return cause as Error;
  if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
    const status = cause.statusCode;
    let code: ErrorCode;
    if (status === 401 || status === 403 || status === 404) code = 'CONFIGURATION_ERROR';
    else if (status === 408) code = 'TIMEOUT_ERROR';
    else if (status === 429) code = 'RATE_LIMIT_EXCEEDED';
    else if (status >= 500) code = 'SERVER_ERROR';
    else if (status === 400 || status === 413 || status === 422) code = 'VALIDATION_ERROR';
    else code = 'SERVER_ERROR';
    const retryAfter = Number(cause.responseHeaders?.['retry-after']);
    return AppError.from(code, {
      technicalMessage: `AI provider (${context.model}) answered HTTP ${status}: ${cause.message}`,
      component: 'ai-provider',
      details: {
        providerStatus: status,
        ...(Number.isFinite(retryAfter) && retryAfter > 0
          ? { retryAfterSeconds: Math.ceil(retryAfter) }
          : {}),
      },
      cause,
    });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  // fetch failures and cut connections are TypeErrors; anything else is a malformed answer.
  const unreachable = APICallError.isInstance(cause) || cause instanceof TypeError;
  if (!unreachable) {
    return AppError.from('SERVER_ERROR', {
      technicalMessage: `AI provider (${context.model}) gave an answer we could not read: ${message}`,
      component: 'ai-provider',
      cause,
    });
  }
  return AppError.from('NETWORK_ERROR', {
    technicalMessage: `AI provider (${context.model}) could not be reached: ${message}`,
    component: 'ai-provider',
    cause,
  });
}
