/**
 * Process plumbing for the local cluster: free TCP ports, daemons started in the foreground as our
 * own children (so we know each pid), stopping them by pid and checking they are gone, running a
 * command with a timeout, polling until a condition holds, and log tails for error messages.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";

/** A daemon started by us: its name (for messages), pid, log file and exit status once it exits. */
export interface Daemon {
  name: string;
  pid: number;
  log: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process has exited. */
  exited: Promise<string>;
  /** Whether the process has exited. */
  done: () => boolean;
}

/** `count` distinct TCP ports that were free on 127.0.0.1 a moment ago (all held open together, then closed). */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const s = net.createServer();
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(0, "127.0.0.1", () => resolve());
      });
      servers.push(s);
    }
    return servers.map((s) => (s.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/** Start `cmd args` in the foreground with stdout+stderr appended to `log`. */
export function startDaemon(
  name: string,
  cmd: string,
  args: string[],
  log: string,
  env: NodeJS.ProcessEnv,
): Daemon {
  const fd = fs.openSync(log, "a");
  let child: ChildProcess;
  try {
    child = spawn(cmd, args, { stdio: ["ignore", fd, fd], env, detached: true });
  } finally {
    fs.closeSync(fd);
  }
  let finished = false;
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => {
      finished = true;
      resolve(signal ?? String(code));
    });
    child.once("error", (err) => {
      finished = true;
      resolve(`error: ${err.message}`);
    });
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${cmd}`);
  return { name, pid: child.pid, log, child, exited, done: () => finished };
}

/** Whether a process with this pid exists (signal 0 probe). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Stop a daemon by its pid: SIGTERM, wait up to `graceMs`, then SIGKILL; resolves once the process has
 * exited and its pid is gone. Throws when it is still there after SIGKILL.
 */
export async function stopDaemon(d: Daemon, graceMs = 10_000): Promise<void> {
  if (!d.done()) {
    try {
      process.kill(d.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    const timedOut = await Promise.race([d.exited.then(() => false), sleep(graceMs).then(() => true)]);
    if (timedOut) {
      try {
        process.kill(d.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      await Promise.race([d.exited, sleep(5000)]);
    }
  }
  if (!d.done() || pidAlive(d.pid))
    throw new Error(`${d.name} (pid ${d.pid}) is still running after SIGKILL`);
}

/** Resolve after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Result of `runCommand`. status is the exit code (-1 when killed by timeout or signal). */
export interface CommandResult {
  stdout: string;
  stderr: string;
  status: number;
}

/** Run a command to completion, capturing output; kills it (SIGKILL) after `timeoutMs`. Never throws for a non-zero exit. */
export function runCommand(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env, cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "",
      stderr = "",
      timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    child.stderr.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs ?? 60_000);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`${cmd}: ${err.message}`));
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      if (timedOut) stderr += `\n${cmd} killed after ${opts.timeoutMs ?? 60_000} ms`;
      resolve({ stdout, stderr, status: code ?? -1 });
    });
    child.stdin.on("error", () => {
      /* command exited before reading its input */
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** The last `lines` lines of a text file ("" when it does not exist). */
export function tailFile(file: string, lines = 15): string {
  if (!fs.existsSync(file)) return `(no ${file})`;
  const text = fs.readFileSync(file, "utf8").trimEnd().split("\n");
  return text.slice(-lines).join("\n");
}

/**
 * Poll `check` every `intervalMs` until it returns a non-null value; throws `describe()` after
 * `timeoutMs`, or at once when one of `watched` daemons exits early.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null>,
  opts: { timeoutMs: number; intervalMs?: number; watched?: Daemon[]; describe: () => string },
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const dead = (opts.watched ?? []).find((d) => d.done());
    if (dead)
      throw new Error(
        `${what}: ${dead.name} (pid ${dead.pid}) exited early (${await dead.exited}); ${opts.describe()}`,
      );
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > deadline)
      throw new Error(`${what}: not ready after ${opts.timeoutMs} ms; ${opts.describe()}`);
    await sleep(opts.intervalMs ?? 300);
  }
}
