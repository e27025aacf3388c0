#!/usr/bin/env node
// Entry point behind `npm start`, `npm test`, `npm run build`, `npm run bench` and `npm run eval`.
// Plain Node on purpose: it must work on a fresh machine that has only Node and npm,
// so it fetches the pinned pnpm through npm (into .tools/) before anything else.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '10.34.8';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${[cmd, ...args].join(' ')} exited with ${res.status ?? res.signal}`);
    process.exit(res.status ?? 1);
  }
}

function ensurePnpm() {
  if (existsSync(pnpmBin)) return;
  console.log(`› fetching pnpm@${PNPM_VERSION} through npm`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', `pnpm@${PNPM_VERSION}`]);
}

const pnpm = (...args) => run(process.execPath, [pnpmBin, ...args]);

/** Runs several commands at once; fails when any fails. Output is prefixed per task. */
async function parallel(tasks) {
  const results = await Promise.all(
    tasks.map(
      ({ name, args }) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [pnpmBin, ...args], { cwd: root, env: process.env });
          const prefix = (chunk) =>
            chunk
              .toString()
              .split('\n')
              .filter((l) => l.length > 0)
              .map((l) => `[${name}] ${l}`)
              .join('\n');
          child.stdout.on('data', (c) => console.log(prefix(c)));
          child.stderr.on('data', (c) => console.error(prefix(c)));
          child.on('close', (code) => resolve({ name, code }));
        }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  for (const r of results) console.log(`${r.code === 0 ? '✔' : '✖'} ${r.name}`);
  if (failed.length > 0) process.exit(1);
}

function install() {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  pnpm('install', ...frozen);
}

function build() {
  pnpm('-r', '--workspace-concurrency=2', 'run', 'build');
}

const command = process.argv[2];
ensurePnpm();
install();
build();

if (command === 'start') {
  run(process.execPath, [join(root, 'scripts', 'stack.mjs')]);
} else if (command === 'test') {
  // Static checks and the unit/integration suite are independent: run them side by side.
  await parallel([
    { name: 'lint', args: ['exec', 'biome', 'check', '.'] },
    { name: 'typecheck', args: ['-r', '--workspace-concurrency=1', 'run', 'typecheck'] },
    { name: 'unit+integration', args: ['exec', 'vitest', 'run', '--project', 'unit'] },
  ]);
  pnpm('exec', 'vitest', 'run', '--project', 'e2e');
} else if (command === 'bench') {
  pnpm('--filter', '@amicus/bench', 'run', 'all');
} else if (command === 'eval') {
  // Options pass through: `npm run eval -- --verbose --json eval-results.json`.
  pnpm('--filter', '@amicus/eval', 'run', 'eval', ...process.argv.slice(3));
} else if (command !== 'build') {
  console.error(`unknown command: ${command}`);
  process.exit(2);
}
