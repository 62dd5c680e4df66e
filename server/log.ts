/** The process's log: pino, JSON lines, keys and secrets redacted. */
import pino from 'pino';
import type { Config } from './config.ts';

export function createLog(config: Pick<Config, 'LOG_LEVEL'>): pino.Logger {
  return pino({ level: config.LOG_LEVEL, redact: ['req.headers["x-api-key"]', 'apiKey', 'webhook_secret'] });
}
