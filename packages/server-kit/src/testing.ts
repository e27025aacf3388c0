import { spawn } from 'node:child_process';

/** A server's `main.ts` running as its own process, for tests of how it starts and stops. */
export interface MainProcess {
  /** The origin of the start-up line (`… listening on http://127.0.0.1:41234 …`). */
  origin: string;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface MainOutcome {
  code: number | null;
  output: string;
}

/** Runs `main` (a TypeScript entry, through tsx) with `env` added to ours; resolves when it exits. */
export function runMain(main: string, env: Record<string, string>): Promise<MainOutcome> {
  const child = spawnMain(main, env);
  return new Promise((resolve, reject) => {
    child.process.once('error', reject);
    child.process.once('exit', (code) => resolve({ code, output: child.output() }));
  });
}

/** Starts `main` and resolves once it prints where it listens; rejects with its output if it exits first. */
export function startMain(main: string, env: Record<string, string>): Promise<MainProcess> {
  const child = spawnMain(main, env);
  const exited = new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.process.once('error', reject);
    void exited.then((code) =>
      reject(new Error(`${main} exited with ${code} before listening:\n${child.output()}`)),
    );
    const check = () => {
      const origin = / listening on (http:\/\/\S+)/.exec(child.output())?.[1];
      if (origin === undefined) return;
      child.process.stdout.off('data', check);
      resolve({
        origin,
        output: child.output,
        stop(signal = 'SIGTERM') {
          if (child.process.exitCode === null) child.process.kill(signal);
          return exited;
        },
      });
    };
    child.process.stdout.on('data', check);
  });
}

function spawnMain(main: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return { process: child, output: () => output };
}
