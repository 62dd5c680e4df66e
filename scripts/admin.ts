/**
 * `npm run admin -- <command>`: accounts, plans, API keys, credits and plagiarism sources. Works
 * whether or not the server is running (it joins or starts the same database). Every command takes
 * `--json` for machine-readable output; bad arguments and refused actions exit non-zero.
 */
import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig, publicUrl } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createUser, requireUser, setPlan } from '../server/platform/accounts.ts';
import { listPlans } from '../server/platform/data/accounts.ts';
import { creditStatement, grantCredits } from '../server/platform/data/ledger.ts';
import { ApiError } from '../server/platform/errors.ts';
import { inviteLink, inviteUser } from '../server/platform/portal-accounts.ts';
import { createApiKey, parseExpiration, parseScopes } from '../server/platform/keys.ts';
import { deleteApiKey, listApiKeys, revokeApiKey } from '../server/platform/data/keys.ts';

const USAGE = `usage: npm run admin -- <command> [options] [--json]

  users create --email E --plan P      create a user on a plan (grants the plan's monthly credits)
  users show E                         a user, its plan and balance
  users invite --email E [--plan P]    a one-time link (24 h) to set the portal password; creates the user
                                       (default plan Free) when new
  plans list                           the plans and their limits
  plans set --user E --plan P          move a user to another plan
  keys create --user E --name N --scopes a,b|all [--expires never|30d|60d|90d]
                                       create an API key (printed once)
  keys list --user E                   a user's keys (prefix, scopes, status, expiry)
  keys revoke ID                       revoke a key (immediate, irreversible)
  keys delete ID                       delete a key
  credits grant --user E --amount N    add credits
  credits show --user E                balance and recent ledger
  sources import FILE.jsonl            import plagiarism sources ({url,title,text} per line)
  sources import --starter             import the starter corpus: the licence texts Debian ships in
                                       /usr/share/common-licenses (GPL, LGPL, GFDL, Apache, MPL, CC0...)
  sources list [--limit N] [--offset N]
  sources delete URL

scopes: humanizer, ai_detector, image_detector, grammar_checker, plagiarism_checker, voice_detector, admin ("all" = every scope but admin)`;

class UsageError extends Error {}

function parseCommandLine() {
  try {
    return parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' }, plan: { type: 'string' }, user: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' },
    expires: { type: 'string', default: 'never' }, amount: { type: 'string' }, limit: { type: 'string' }, offset: { type: 'string' },
    json: { type: 'boolean', default: false }, starter: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
const { values: opts, positionals } = parseCommandLine();
const config = loadConfig();

function need(name: keyof typeof opts): string {
  const value = opts[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function arg(index: number, what: string): string {
  const value = positionals[index];
  if (!value) throw new UsageError(`${what} is required`);
  return value;
}

function output(data: unknown, text: string): void {
  console.log(opts.json ? JSON.stringify(data, null, 2) : text);
}

async function run(db: Database): Promise<void> {
  const [area, action] = positionals;
  const command = `${area ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'users create': {
      const user = await createUser(db, need('email'), need('plan'));
      return output(user, `created user ${user.id} ${user.email} on plan ${user.plan_name} with ${user.credits} credits`);
    }
    case 'users invite': {
      const invite = await inviteUser(db, need('email'), opts.plan ?? 'Free', new Date());
      const base = publicUrl(config);
      const link = inviteLink(base, invite.token);
      // The CLI cannot ask the server where it listens: it reads the same PUBLIC_URL and PORT, from its own environment.
      const from = config.PUBLIC_URL ? 'from PUBLIC_URL' : process.env.PORT ? `from PORT=${config.PORT}; set PUBLIC_URL where users reach the server at another address` : `the default; set PUBLIC_URL (or PORT) here as for the server if it listens elsewhere`;
      return output(
        { email: invite.user.email, plan: invite.user.plan_name, link, base_url: base, expires_at: invite.expiresAt.toISOString() },
        `Invite for ${invite.user.email} (plan ${invite.user.plan_name}), valid until ${invite.expiresAt.toISOString()}; it works once:\n\n  ${link}\n\nThe link assumes the server is reached at ${base} (${from}).`,
      );
    }
    case 'users show': {
      const user = await requireUser(db, arg(2, 'the email'));
      const keys = await listApiKeys(db, user.id);
      return output({ ...user, keys: keys.length }, `user ${user.id} ${user.email}\nplan ${user.plan_name}\ncredits ${user.credits}\nperiod started ${user.period_started_at.toISOString()}\nkeys ${keys.length}`);
    }
    case 'plans list': {
      const plans = await listPlans(db);
      return output(plans, plans.map((p) => `${p.name.padEnd(6)} credits/month ${String(p.monthly_credits).padStart(9)}  keys ${p.max_active_keys}  pending jobs ${p.max_pending_jobs}  image/min ${p.image_requests_per_minute}  humanizer sync/min ${p.humanizer_sync_per_minute}`).join('\n'));
    }
    case 'plans set': {
      const user = await setPlan(db, need('user'), need('plan'));
      return output(user, `${user.email} is now on plan ${user.plan_name}`);
    }
    case 'keys create': {
      const user = await requireUser(db, need('user'));
      const { key, record } = await createApiKey(db, { userId: user.id, name: need('name'), scopes: parseScopes(need('scopes')), expiration: parseExpiration(opts.expires ?? 'never') });
      return output({ ...record, key }, `created key ${record.id} "${record.name}" (${record.scopes.join(', ')}), expires ${record.expires_at ? record.expires_at.toISOString() : 'never'}\n\n  ${key}\n\nThis is the only time the full key is shown.`);
    }
    case 'keys list': {
      const user = await requireUser(db, need('user'));
      const keys = await listApiKeys(db, user.id);
      return output(keys, keys.map((k) => `${k.id}  ${k.prefix}…  ${k.status.padEnd(7)}  ${k.name}  [${k.scopes.join(', ')}]  created ${k.created_at.toISOString().slice(0, 10)}  expires ${k.expires_at ? k.expires_at.toISOString().slice(0, 10) : 'never'}`).join('\n') || 'no keys');
    }
    case 'keys revoke': {
      const record = await revokeApiKey(db, arg(2, 'the key id'));
      return output(record, `revoked key ${record.id} (${record.prefix}…)`);
    }
    case 'keys delete': {
      const id = arg(2, 'the key id');
      await deleteApiKey(db, id);
      return output({ id, deleted: true }, `deleted key ${id}`);
    }
    case 'credits grant': {
      const user = await requireUser(db, need('user'));
      const amount = Number(need('amount'));
      const balance = await grantCredits(db, user.id, amount, 'admin grant');
      return output({ user: user.email, granted: amount, balance }, `granted ${amount} credits to ${user.email}; balance ${balance}`);
    }
    case 'credits show': {
      const user = await requireUser(db, need('user'));
      const statement = await creditStatement(db, user.id);
      return output(statement, `${user.email}: ${statement.balance} credits (ledger sum ${statement.ledgerSum})\n` + statement.entries.map((e) => `${e.created_at.toISOString()}  ${e.kind.padEnd(6)} ${String(e.amount).padStart(8)}  → ${e.balance_after}  ${e.operation}${e.job_id ? ` job ${e.job_id}` : ''}${e.request_id ? ` ${e.request_id}` : ''}`).join('\n'));
    }
    case 'sources import': {
      if (opts.starter) {
        const { readStarterSources, STARTER_SOURCES } = await import('./starter-sources.ts');
        const docs = (() => {
          try {
            return readStarterSources();
          } catch (error) {
            throw new ApiError('not_found', (error as Error).message); // a missing file is the operator's to fix, not a crash
          }
        })();
        const { SourceCorpus } = await import('../server/platform/data/corpus.ts');
        await new SourceCorpus(db.pool).upsertAll(docs);
        const licences = STARTER_SOURCES.map((x) => `  ${x.title} (${x.url}): ${x.licence}`).join('\n');
        return output({ imported: docs.length, sources: STARTER_SOURCES }, `imported the starter corpus, ${docs.length} sources (importing again replaces them):\n${licences}`);
      }
      const file = arg(2, 'the JSONL file (or --starter)');
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      const { SourceCorpus } = await import('../server/platform/data/corpus.ts');
      const corpus = new SourceCorpus(db.pool);
      let lastPrint = 0;
      const report = await corpus.importJsonl(createReadStream(file), (p) => {
        if (opts.json || Date.now() - lastPrint < 1000) return;
        lastPrint = Date.now();
        process.stderr.write(`\r${p.lines} lines, ${p.imported} imported, ${p.skipped} skipped, ${(p.bytes / 1e6).toFixed(1)} MB`);
      });
      if (!opts.json) process.stderr.write('\n');
      for (const e of report.errors) if (!opts.json) console.error(`line ${e.line}: ${e.message} (skipped)`);
      return output(report, `imported ${report.imported} sources from ${report.lines} lines (${report.skipped} skipped)`);
    }
    case 'sources list': {
      const { SourceCorpus } = await import('../server/platform/data/corpus.ts');
      const page = await new SourceCorpus(db.pool).list({ limit: Number(opts.limit ?? 100), offset: Number(opts.offset ?? 0) });
      return output(page, `${page.total} sources\n` + page.sources.map((x) => `${x.url}  ${x.words} words  ${x.title}`).join('\n'));
    }
    case 'sources delete': {
      const { SourceCorpus } = await import('../server/platform/data/corpus.ts');
      const url = arg(2, 'the URL');
      const deleted = await new SourceCorpus(db.pool).delete(url);
      if (!deleted) throw new ApiError('not_found', `No source with url ${url}`);
      return output({ url, deleted }, `deleted ${url}`);
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

if (opts.help || positionals.length === 0) {
  console.log(USAGE);
  process.exit(opts.help ? 0 : 2);
}
let db: Database | undefined;
try {
  db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 4 });
  await run(db);
  await db.close();
} catch (error) {
  await db?.close().catch(() => {});
  const message = error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error instanceof ApiError ? error.message : `unexpected error: ${(error as Error).message}`;
  if (opts.json) console.error(JSON.stringify({ error: error instanceof ApiError ? error.code : 'usage', message: (error as Error).message }));
  else console.error(`error: ${message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
