/**
 * Optional LLM backend: any OpenAI-compatible chat-completions server (llama.cpp, vLLM, a hosted
 * API). The adapter only fetches a rewrite; the engine checks it like any other candidate.
 */

export interface LlmRewriter {
  rewrite(text: string, signal?: AbortSignal): Promise<string>;
}

export interface OpenAiCompatibleConfig {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

const SYSTEM_PROMPT = [
  'You rewrite text so that it reads as if a person wrote it: plain words, varied sentence length, natural transitions,',
  'no stock phrases such as "delve", "moreover", "it is important to note", "plays a crucial role" or "in conclusion".',
  'Keep the meaning and the language of the text. Keep every number, date, name, URL, e-mail address, quotation,',
  'citation and code span exactly as written. Keep the paragraph and line breaks. Keep the length within 10%.',
  'Use ordinary characters and spacing only. Reply with the rewritten text and nothing else.',
].join(' ');

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/** POSTs the text to `{url}/chat/completions` (or to `url` itself when it already ends so). */
export function openAiCompatibleRewriter(config: OpenAiCompatibleConfig): LlmRewriter {
  const base = config.url.replace(/\/+$/u, '');
  const endpoint = base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  return {
    async rewrite(text: string, signal?: AbortSignal): Promise<string> {
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          temperature: 0.7,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: text },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) throw new Error(`LLM endpoint answered ${response.status}`);
      const body = (await response.json()) as ChatCompletion;
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new Error('LLM answer has no message content');
      return content;
    },
  };
}
