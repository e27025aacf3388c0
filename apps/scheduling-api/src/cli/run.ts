import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { credentialsFile, databaseFile, openDataDir } from '../data-dir.js';
import { deliverDue, listOutbox, outboxWire } from '../messages/outbox.js';
import { ensureAgency, seedDemoHearings } from '../seed/seed.js';
import { agencyOf } from '../settings/agency.js';

const HELP = `scheduling-api CLI
Usage: cli <command> [--data DIR] [--json]
  outbox [--limit N] [--to ADDRESS] [--status scheduled|sent|cancelled]   messages "sent", newest first
  credentials                                                             the API client id and secret of the data dir
  seed                                                                    seed (or move forward) the demo hearings
--data defaults to $DATA_DIR, then ./.data/scheduling-api.`;

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
  now?: () => Date;
}

class UsageError extends Error {}

function options(argv: readonly string[]) {
  const rest: string[] = [];
  const named: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') named.help = '1';
    else if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${key} needs a value.`);
      named[key] = value;
    } else rest.push(a);
  }
  return { rest, named, json };
}

function printOutbox(rows: ReturnType<typeof outboxWire>[], io: CliIo): void {
  if (rows.length === 0) {
    io.stdout('The outbox is empty.\n');
    return;
  }
  for (const m of rows) {
    io.stdout(
      `${m.scheduled_at} ${m.timezone}  ${m.last_status.padEnd(9)} ${m.channel.padEnd(5)} to ${m.to}  (${m.origin}${m.step ? ` ${m.step}` : ''})\n` +
        `${m.subject ? `  Subject: ${m.subject}\n` : ''}  ${m.content.replace(/\n/g, '\n  ')}\n\n`,
    );
  }
}

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(argv);
  } catch (err) {
    io.stderr(`error: ${(err as Error).message}\n${HELP}\n`);
    return 2;
  }
  const [command] = parsed.rest;
  if (parsed.named.help || command === undefined || command === 'help') {
    io.stdout(`${HELP}\n`);
    return command === undefined && !parsed.named.help ? 2 : 0;
  }
  const dataDir = resolve(parsed.named.data ?? io.env.DATA_DIR ?? './.data/scheduling-api');
  const now = io.now ?? (() => new Date());
  if (command === 'credentials') {
    const file = credentialsFile(dataDir);
    if (!existsSync(file)) {
      io.stderr(
        `No credentials in ${dataDir}: start the scheduling-api once, or it uses SCHEDULING_CLIENT_ID.\n`,
      );
      return 1;
    }
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { client_id: string; client_secret: string };
    io.stdout(
      parsed.json
        ? `${JSON.stringify(saved)}\n`
        : `client_id     ${saved.client_id}\nclient_secret ${saved.client_secret}\n(from ${file})\n`,
    );
    return 0;
  }
  if (command !== 'outbox' && command !== 'seed') {
    io.stderr(`error: unknown command "${command}"\n${HELP}\n`);
    return 2;
  }
  if (!existsSync(databaseFile(dataDir))) {
    io.stderr(`No scheduling-api database in ${dataDir}.\n`);
    return 1;
  }
  const db = openDataDir(dataDir);
  try {
    ensureAgency(db);
    if (command === 'seed') {
      const result = seedDemoHearings(db, now().getTime());
      io.stdout(
        parsed.json ? `${JSON.stringify(result)}\n` : `created ${result.created}, moved ${result.moved}\n`,
      );
      return 0;
    }
    const limit = Number(parsed.named.limit ?? '20');
    if (!Number.isInteger(limit) || limit < 1) {
      io.stderr('error: --limit must be a positive integer.\n');
      return 2;
    }
    deliverDue(db, now().getTime());
    const tz = agencyOf(db).timezone;
    const rows = listOutbox(db, { limit, skip: 0, to: parsed.named.to, status: parsed.named.status }).map(
      (m) => outboxWire(m, tz),
    );
    if (parsed.json) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    else printOutbox(rows, io);
    return 0;
  } finally {
    db.close();
  }
}
