import { resolve } from 'node:path';
import { openDataDir } from '../data-dir.js';
import { accounts, init, seed } from './account-commands.js';
import { bots } from './bot-commands.js';
import { type CliContext, CliError } from './context.js';
import { keys } from './key-commands.js';

const HELP = `chatbot-api CLI
Usage: cli <command> [--data DIR] [--json] ...
  init [--force] [--name NAME] [--bot SLUG]   account + default bot + one chat and one ingest key
  seed [--account ID] --dir SITE_DIR --base-url URL [--namespace general]
  accounts list | show | suspend | unsuspend | limits --rpm N --daily-tokens N | webhook --url URL [--secret S] | webhook --clear
  keys create --scopes chat,ingest [--expires ISO] | list | revoke KEY_ID | expire KEY_ID [--at ISO|now|never]
  bots list | create | alias | namespaces | tools | citations | enable | disable | default | max-tokens
--data defaults to $DATA_DIR, then ./.data/chatbot-api. --account may be left out when the directory has one account.`;

const COMMANDS: Record<string, (ctx: CliContext, args: string[]) => Promise<void>> = {
  init,
  seed,
  accounts,
  keys,
  bots,
};

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Pulls the global options (--data, --json, --help) out of argv wherever they appear. */
function globals(argv: readonly string[]) {
  const rest: string[] = [];
  let data: string | undefined;
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') help = true;
    else if (a === '--data') {
      data = argv[++i];
      if (data === undefined) throw new CliError('--data needs a directory.');
    } else if (a.startsWith('--data=')) data = a.slice('--data='.length);
    else rest.push(a);
  }
  return { rest, data, json, help };
}

/** Runs one CLI invocation; returns the exit code (0 ok, 1 operator error, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof globals>;
  try {
    parsed = globals(argv);
  } catch (err) {
    io.stderr(`error: ${(err as Error).message}\n`);
    return 2;
  }
  const [command, ...args] = parsed.rest;
  if (parsed.help || command === undefined || command === 'help') {
    io.stdout(`${HELP}\n`);
    return command === undefined && !parsed.help ? 2 : 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.stderr(`error: unknown command "${command}"\n${HELP}\n`);
    return 2;
  }
  const dataDir = resolve(parsed.data ?? io.env.DATA_DIR ?? './.data/chatbot-api');
  const db = openDataDir(dataDir);
  const ctx: CliContext = {
    db,
    dataDir,
    now: new Date(),
    json: parsed.json,
    print: (value, text) => io.stdout(`${parsed.json ? JSON.stringify(value, null, 2) : text}\n`),
  };
  try {
    await run(ctx, args);
    return 0;
  } catch (err) {
    // parseArgs reports unknown or malformed options with a TypeError carrying an ERR_PARSE_ARGS code.
    const code = (err as { code?: string }).code ?? '';
    if (err instanceof CliError || code.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`error: ${(err as Error).message}\n`);
      return err instanceof CliError ? 1 : 2;
    }
    throw err;
  } finally {
    db.close();
  }
}
