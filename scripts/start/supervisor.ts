import { type ChildProcess, spawn } from "node:child_process";

const STOP_GRACE_MS = 10_000;
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs the api and the web as children and makes them live and die together: a signal to
 * this process is passed on, and when one long-running child dies the others are stopped
 * and this process exits non-zero.
 *
 * Each child gets a process group of its own (detached), so a signal reaches it exactly
 * once, from here: a terminal's Ctrl-C or a group signal from a test runner would otherwise
 * reach it twice, and the api's second SIGTERM would cut its database shutdown short.
 * Signalling the group also reaches grandchildren (next's build and dev workers).
 */
export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private stopping = false;
  private exitCode = 0;

  constructor() {
    // Repeats are ignored: a wrapper (the tsx cli) may relay the same signal again.
    for (const signal of SIGNALS) process.on(signal, () => this.stop(0, signal));
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** A child that must keep running; its exit stops everything. */
  keep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = this.spawn(name, command, args, env);
    child.on("exit", (code, signal) => {
      this.children.delete(name);
      if (!this.stopping) {
        console.error(`[start] ${name} exited (${signal ?? `code ${code}`}); stopping.`);
        this.stop(code || 1);
      } else this.exitWhenDone();
    });
    return child;
  }

  /** A one-shot step (next build): resolves when it exits 0, stops everything otherwise. */
  run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
    return new Promise((resolve) => {
      const child = this.spawn(name, command, args, env);
      child.on("exit", (code, signal) => {
        this.children.delete(name);
        if (this.stopping) return this.exitWhenDone();
        if (code === 0) return resolve();
        console.error(`[start] ${name} failed (${signal ?? `code ${code}`}); stopping.`);
        this.stop(code || 1);
      });
    });
  }

  /** Passes the signal to every child, exits when all are gone (SIGKILL after a grace). */
  stop(code: number, signal: NodeJS.Signals = "SIGTERM"): void {
    if (this.stopping) return;
    this.stopping = true;
    this.exitCode = code;
    for (const child of this.children.values()) signalGroup(child, signal);
    setTimeout(() => {
      for (const child of this.children.values()) signalGroup(child, "SIGKILL");
      process.exit(this.exitCode || 1);
    }, STOP_GRACE_MS).unref();
    this.exitWhenDone();
  }

  private spawn(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
    const child = spawn(command, args, { stdio: "inherit", env, detached: true });
    this.children.set(name, child);
    child.on("error", (error) => {
      // Spawning itself failed: no 'exit' follows.
      this.children.delete(name);
      console.error(`[start] could not run ${name}: ${error.message}`);
      this.stop(1);
    });
    return child;
  }

  private exitWhenDone(): void {
    if (this.stopping && this.children.size === 0) process.exit(this.exitCode);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
