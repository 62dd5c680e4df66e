/**
 * What every example shares: a client configured from the environment, and a wrapper that prints a
 * failure (with the API's code, details and request id) and exits non-zero.
 *
 *   CI_BASE_URL  where the API runs (default http://localhost:8000, as `npm start` serves it)
 *   CI_API_KEY   your API key (`npm start` prints the demo account's key on its first start)
 */
import { ContentIntegrityClient, ContentIntegrityError } from '../src/index.ts';

export const baseUrl = process.env.CI_BASE_URL ?? 'http://localhost:8000';

/** A client for `CI_API_KEY`, or for the key in the named variable (e.g. an admin key). */
export function clientFromEnv(variable = 'CI_API_KEY'): ContentIntegrityClient {
  const apiKey = process.env[variable] ?? process.env.CI_API_KEY;
  if (!apiKey) {
    console.error(`Set ${variable} to your API key, e.g. ${variable}=ci_… (\`npm start\` prints the demo key on its first start).`);
    process.exit(2);
  }
  return new ContentIntegrityClient({ baseUrl, apiKey });
}

export async function runExample(example: () => Promise<void>): Promise<void> {
  try {
    await example();
  } catch (error) {
    if (error instanceof ContentIntegrityError) {
      console.error(`Failed: ${error.code} (HTTP ${error.status || 'none'}): ${error.message}`);
      if (error.details) console.error(`details: ${JSON.stringify(error.details)}`);
      if (error.requestId) console.error(`request id: ${error.requestId}`);
    } else {
      console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exitCode = 1;
  }
}

/** Stops the example with a message and exit code 1. */
export function fail(message: string): never {
  throw new Error(message);
}
