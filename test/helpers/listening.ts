/** For tests that start the server as a process: its output, and the address it logs once it listens. */
import type { ChildProcess } from 'node:child_process';

export interface Listening {
  /** The address from the server's "listening on http://127.0.0.1:PORT" line. */
  url: string;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
}

/** Collects the process's output and waits for its "listening" line; rejects (with the output) if it exits first. */
export async function untilListening(child: ChildProcess): Promise<Listening> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearInterval(timer);
        resolve(listening[1]);
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return { url, output: () => output, exited };
}
