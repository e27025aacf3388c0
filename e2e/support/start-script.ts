import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Drives `scripts/stack.mjs` (what `npm start` runs after install and build) as a child process, on free
// ports and in a throwaway data directory, so the zero-configuration start is tested as a user meets it.

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'stack.mjs');

export interface StartedStackScript {
  demoUrl: string;
  relayUrl: string;
  chatbotApiUrl: string;
  /** Everything the script printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends the signal (Ctrl-C by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port that was free a moment ago; the script checks again before it starts anything. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startStackScript(dataDir: string, timeoutMs = 90_000): Promise<StartedStackScript> {
  const [chatbotApi, relay, demo, schedulingApi] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      AMICUS_DATA_DIR: dataDir,
      CHATBOT_API_PORT: String(chatbotApi),
      RELAY_PORT: String(relay),
      DEMO_PORT: String(demo),
      SCHEDULING_API_PORT: String(schedulingApi),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`stack.mjs not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`stack.mjs exited with ${code} before it was ready:\n${output}`));
    };
    child.once('exit', onExit);
    const check = () => {
      if (!output.includes('Amicus is running')) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
  });
  return {
    demoUrl: `http://localhost:${demo}`,
    relayUrl: `http://localhost:${relay}`,
    chatbotApiUrl: `http://127.0.0.1:${chatbotApi}`,
    output: () => output,
    stop: (signal = 'SIGINT') => stop(child, signal),
  };
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
