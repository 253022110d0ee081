/**
 * A client for one tslab kernel, started by us: writes a connection file (127.0.0.1 only, five
 * free ports, a fresh random HMAC-SHA256 key), spawns the kernel through kernel/launch.cjs (cwd =
 * project root), connects with tslab's own zeromq, and executes code cells, collecting their
 * outputs as nbformat outputs. Every message sent is signed and every message received verified.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Dealer, Subscriber } from "zeromq";
import { freePorts } from "../cluster/daemons";
import { type JupyterMessage, decodeMessage, encodeMessage, freshKey, makeMessage } from "./kernel-protocol";
import type { NotebookOutput } from "./notebook";

/** Options of {@link TslabKernel.start}. */
export interface KernelOptions {
  /** Project root: the kernel's working directory. Defaults to `process.cwd()`. */
  root?: string;
  /** Milliseconds to wait for the kernel to answer kernel_info. Defaults to 30000. */
  startTimeoutMs?: number;
  /** Extra environment variables for the kernel. Defaults to none (TZ is always UTC). */
  env?: Record<string, string>;
}

/** The result of executing one cell. */
export interface ExecuteResult {
  /** "ok"; "error" (tslab's execute_reply status); "timeout" (the kernel was killed); "dead" (it exited). */
  status: "ok" | "error" | "timeout" | "dead";
  /** The kernel's execution count (from execute_reply), or null. */
  executionCount: number | null;
  /** The outputs in nbformat form. */
  outputs: NotebookOutput[];
  /** Everything the cell wrote to stderr, and the traceback of its error output. */
  stderr: string;
  /** Wall-clock milliseconds. */
  ms: number;
}

interface Pending {
  outputs: NotebookOutput[];
  displayIndex: Map<string, number>;
  reply?: JupyterMessage;
  idle: boolean;
  done: () => void;
}

/** Appends an iopub message to a cell's outputs (merging consecutive stream chunks). */
export function applyIopub(
  outputs: NotebookOutput[],
  displayIndex: Map<string, number>,
  msg: JupyterMessage,
): void {
  const c = msg.content;
  switch (msg.header.msg_type) {
    case "stream": {
      const last = outputs[outputs.length - 1];
      if (last && last.output_type === "stream" && last.name === c.name)
        last.text = String(last.text) + c.text;
      else outputs.push({ output_type: "stream", name: c.name, text: c.text });
      break;
    }
    case "display_data":
    case "update_display_data": {
      const id = c.transient?.display_id as string | undefined;
      const out: NotebookOutput = {
        output_type: "display_data",
        data: c.data ?? {},
        metadata: c.metadata ?? {},
      };
      if (msg.header.msg_type === "update_display_data") {
        if (id !== undefined && displayIndex.has(id)) outputs[displayIndex.get(id)!] = out;
        break;
      }
      if (id !== undefined) displayIndex.set(id, outputs.length);
      outputs.push(out);
      break;
    }
    case "execute_result":
      outputs.push({
        output_type: "execute_result",
        data: c.data ?? {},
        metadata: c.metadata ?? {},
        execution_count: c.execution_count ?? null,
      });
      break;
    case "error":
      outputs.push({
        output_type: "error",
        ename: c.ename ?? "Error",
        evalue: c.evalue ?? "",
        traceback: c.traceback ?? [],
      });
      break;
    case "clear_output":
      outputs.length = 0;
      displayIndex.clear();
      break;
  }
}

/** One running tslab kernel. */
export class TslabKernel {
  private readonly pending = new Map<string, Pending>();
  private exited = false;
  private exitWaiters: (() => void)[] = [];
  /** Messages that failed verification (counted, never used). */
  rejectedMessages = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly key: string,
    private readonly session: string,
    private readonly shell: Dealer,
    private readonly iopub: Subscriber,
    private readonly control: Dealer,
    private readonly connectionFile: string,
    /** What the kernel process wrote to its own stderr (start-up failures). */
    readonly log: string[],
  ) {
    child.once("exit", () => {
      this.exited = true;
      for (const p of this.pending.values()) p.done();
      this.exitWaiters.splice(0).forEach((w) => w());
    });
    void this.loop(shell, true);
    void this.loop(iopub, false);
  }

  /** The kernel's process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the kernel process has exited. */
  get isAlive(): boolean {
    return !this.exited;
  }

  /**
   * Starts a kernel and waits until it answers kernel_info on shell and is heard on iopub. A port
   * found free can be taken by another process before the kernel binds it; a start that fails with
   * "address in use" is retried on fresh ports (up to three times).
   */
  static async start(options: KernelOptions = {}): Promise<TslabKernel> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await TslabKernel.startOnce(options);
      } catch (e) {
        if (attempt >= 3 || !/EADDRINUSE|Address already in use/i.test(String(e))) throw e;
      }
    }
  }

  private static async startOnce(options: KernelOptions): Promise<TslabKernel> {
    const { root = process.cwd(), startTimeoutMs = 30_000, env = {} } = options;
    const launcher = path.join(root, "kernel", "launch.cjs");
    if (!fs.existsSync(launcher))
      throw new Error(`invalid root: ${root}; expected the project root holding kernel/launch.cjs`);
    const key = freshKey();
    // five distinct ports (taken one after the other, the same port can come back twice, and a
    // kernel given one port for two sockets never answers)
    const [shellPort, iopubPort, stdinPort, controlPort, hbPort] = await freePorts(5);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-kernel-"));
    const connectionFile = path.join(dir, "connection.json");
    const conn = {
      ip: "127.0.0.1",
      transport: "tcp",
      shell_port: shellPort,
      iopub_port: iopubPort,
      stdin_port: stdinPort,
      control_port: controlPort,
      hb_port: hbPort,
      key,
      signature_scheme: "hmac-sha256",
      kernel_name: "schedgame",
    };
    fs.writeFileSync(connectionFile, JSON.stringify(conn), { mode: 0o600 });
    const child = spawn(process.execPath, [launcher, "kernel", "--config-path", connectionFile], {
      cwd: root,
      env: { ...process.env, ...env, TZ: "UTC" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const log: string[] = [];
    child.stderr?.on("data", (d) => log.push(String(d)));
    const session = randomUUID();
    // a send waits at most 5 s for a peer: a kernel that never binds its socket fails the request
    // instead of leaving it waiting for ever
    const shell = new Dealer({ routingId: session, linger: 0, sendTimeout: 5000 });
    const control = new Dealer({ routingId: `${session}-control`, linger: 0, sendTimeout: 5000 });
    const iopub = new Subscriber({ linger: 0 });
    iopub.subscribe();
    shell.connect(`tcp://127.0.0.1:${shellPort}`);
    control.connect(`tcp://127.0.0.1:${controlPort}`);
    iopub.connect(`tcp://127.0.0.1:${iopubPort}`);
    const kernel = new TslabKernel(child, key, session, shell, iopub, control, connectionFile, log);
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (!kernel.isAlive) break;
      const ok = await kernel.request("kernel_info_request", {}, 500).catch(() => false);
      if (ok) return kernel;
    }
    kernel.kill();
    throw new Error(
      `kernel did not start within ${startTimeoutMs} ms${log.length ? `: ${log.join("").trim().slice(-500)}` : ""}`,
    );
  }

  private async loop(sock: Dealer | Subscriber, isShell: boolean): Promise<void> {
    try {
      for await (const frames of sock) {
        let msg: JupyterMessage;
        try {
          msg = decodeMessage(frames as Buffer[], this.key);
        } catch {
          this.rejectedMessages++;
          continue;
        }
        const p = this.pending.get(String(msg.parent_header.msg_id));
        if (!p) continue;
        if (isShell) p.reply = msg;
        else if (msg.header.msg_type === "status") p.idle = p.idle || msg.content.execution_state === "idle";
        else applyIopub(p.outputs, p.displayIndex, msg);
        if (p.reply && p.idle) p.done();
      }
    } catch {
      /* socket closed */
    }
  }

  /** Sends a shell request and resolves true when both its reply and iopub idle arrive within `timeoutMs`. */
  private async request(type: string, content: Record<string, unknown>, timeoutMs: number): Promise<boolean> {
    const { done } = await this.roundTrip(type, content, timeoutMs);
    return done;
  }

  private async roundTrip(type: string, content: Record<string, unknown>, timeoutMs: number) {
    const msg = makeMessage(type, content, this.session);
    let resolveDone!: () => void;
    const finished = new Promise<void>((r) => (resolveDone = r));
    const p: Pending = { outputs: [], displayIndex: new Map(), idle: false, done: () => resolveDone() };
    this.pending.set(msg.header.msg_id, p);
    try {
      await this.shell.send(encodeMessage(msg, this.key));
    } catch (e) {
      this.pending.delete(msg.header.msg_id);
      throw e;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), timeoutMs))),
    ]);
    clearTimeout(timer);
    this.pending.delete(msg.header.msg_id);
    return { done: !timedOut && !!p.reply && p.idle, timedOut, pending: p };
  }

  /**
   * Executes code; on timeout the kernel is killed (tslab cannot be interrupted mid-cell).
   * @param code the cell source
   * @param timeoutMs per-cell limit in milliseconds. Defaults to 600000.
   */
  async execute(code: string, timeoutMs = 600_000): Promise<ExecuteResult> {
    const t0 = Date.now();
    if (!this.isAlive)
      return { status: "dead", executionCount: null, outputs: [], stderr: "kernel is not running", ms: 0 };
    const content = {
      code,
      silent: false,
      store_history: true,
      user_expressions: {},
      allow_stdin: false,
      stop_on_error: true,
    };
    let trip: Awaited<ReturnType<TslabKernel["roundTrip"]>>;
    try {
      trip = await this.roundTrip("execute_request", content, timeoutMs);
    } catch (e) {
      // the request could not be sent (no kernel socket to take it)
      this.kill();
      return {
        status: "dead",
        executionCount: null,
        outputs: [],
        stderr: `cell not sent: ${String(e)}`,
        ms: Date.now() - t0,
      };
    }
    const { timedOut, pending } = trip;
    const outputs = pending.outputs;
    // stderr streams and error outputs (the kernel shim sends tslab's errors as Jupyter error messages)
    const stderr = outputs
      .map((o) =>
        o.output_type === "stream" && o.name === "stderr"
          ? String(o.text)
          : o.output_type === "error"
            ? o.traceback.join("\n") + "\n"
            : "",
      )
      .join("");
    const ms = Date.now() - t0;
    if (timedOut) {
      this.kill();
      return {
        status: "timeout",
        executionCount: null,
        outputs,
        stderr: stderr + `\ncell timed out after ${timeoutMs} ms; kernel killed`,
        ms,
      };
    }
    if (!pending.reply)
      return {
        status: "dead",
        executionCount: null,
        outputs,
        stderr:
          stderr +
          "\nkernel died during the cell" +
          (this.log.length ? `: ${this.log.join("").slice(-500)}` : ""),
        ms,
      };
    const r = pending.reply.content;
    return {
      status: r.status === "ok" ? "ok" : "error",
      executionCount: typeof r.execution_count === "number" ? r.execution_count : null,
      outputs,
      stderr,
      ms,
    };
  }

  /** Asks the kernel to shut down, then kills it if it has not exited after `graceMs`; removes the connection file. */
  async shutdown(graceMs = 1500): Promise<void> {
    if (this.isAlive) {
      try {
        await this.shell.send(
          encodeMessage(makeMessage("shutdown_request", { restart: false }, this.session), this.key),
        );
      } catch {
        /* already gone */
      }
      await Promise.race([
        new Promise<void>((r) => this.exitWaiters.push(r)),
        new Promise((r) => setTimeout(r, graceMs)),
      ]);
    }
    this.kill();
  }

  /** Kills the kernel process now (synchronous; safe to call from exit handlers) and closes sockets. */
  kill(): void {
    if (this.isAlive) this.child.kill("SIGKILL");
    for (const s of [this.shell, this.iopub, this.control]) {
      try {
        s.close();
      } catch {
        /* closed */
      }
    }
    fs.rmSync(path.dirname(this.connectionFile), { recursive: true, force: true });
  }
}
