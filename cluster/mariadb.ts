/**
 * A private MariaDB for slurmdbd: its own data dir, socket and TCP port on 127.0.0.1, run as root in
 * the foreground (so we hold its pid), with one database user that slurmdbd logs in with.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runCommand, startDaemon, stopDaemon, tailFile, waitFor, type Daemon } from "./daemons";

/** A running private MariaDB. */
export interface PrivateMariaDb {
  daemon: Daemon;
  port: number;
  socket: string;
  user: string;
  pass: string;
  /** Run SQL as the database root user (unix-socket auth); throws with the client's stderr on failure. */
  sql(statements: string): Promise<string>;
  stop(): Promise<void>;
}

/** The server binary: `mariadbd` (MariaDB ≥ 10.5) or `mysqld`. */
export function mariaDbServer(): string {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    for (const name of ["mariadbd", "mysqld"])
      if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return "mariadbd";
}

/**
 * Initialise `dir/mysql`, start the server on `port`, create user `slurm` with a password and all
 * rights on `slurm_acct_db`. `env` is passed to every process.
 * @param timeoutMs how long to wait for the server to accept connections (ms).
 * @param started told the server's daemon as soon as it is spawned (so a caller that is killed
 *   meanwhile can kill it too). Defaults to none.
 */
export async function startMariaDb(
  dir: string,
  port: number,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  started?: (d: Daemon) => void,
): Promise<PrivateMariaDb> {
  const data = path.join(dir, "mysql");
  const socket = path.join(dir, "run", "mysqld.sock");
  const log = path.join(dir, "log", "mariadb.log");
  fs.mkdirSync(data, { recursive: true });
  const init = await runCommand(
    "mariadb-install-db",
    [
      "--no-defaults",
      `--datadir=${data}`,
      "--user=root",
      "--auth-root-authentication-method=socket",
      "--skip-test-db",
      "--skip-name-resolve",
    ],
    { env, timeoutMs: 120_000 },
  );
  if (init.status !== 0)
    throw new Error(
      `mariadb-install-db failed (${init.status}): ${(init.stderr || init.stdout).trim().split("\n").slice(-8).join("\n")}`,
    );
  const daemon = startDaemon(
    "mariadbd",
    mariaDbServer(),
    [
      "--no-defaults",
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      "--user=root",
      `--pid-file=${path.join(dir, "run", "mariadb.pid")}`,
      `--log-error=${log}`,
      "--skip-name-resolve",
      "--skip-log-bin",
      "--innodb-buffer-pool-size=32M",
      "--innodb-log-file-size=16M",
      "--innodb-lock-wait-timeout=900",
      "--max-connections=50",
      "--performance-schema=OFF",
    ],
    log,
    env,
  );
  started?.(daemon);
  const sql = async (statements: string): Promise<string> => {
    const r = await runCommand(
      "mariadb",
      ["--no-defaults", `--socket=${socket}`, "-u", "root", "--batch", "--skip-column-names"],
      { env, input: statements, timeoutMs: 30_000 },
    );
    if (r.status !== 0) throw new Error(`mariadb: ${r.stderr.trim()}`);
    return r.stdout;
  };
  const stop = () => stopDaemon(daemon, 20_000);
  try {
    await waitFor(
      "MariaDB",
      async () =>
        fs.existsSync(socket)
          ? await sql("SELECT 1;").then(
              () => true,
              () => null,
            )
          : null,
      {
        timeoutMs,
        watched: [daemon],
        describe: () => `last lines of ${log}:\n${tailFile(log)}`,
      },
    );
    const user = "slurm",
      pass = `p${port}x${process.pid}`;
    await sql(
      [
        `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${pass}';`,
        `CREATE USER '${user}'@'localhost' IDENTIFIED BY '${pass}';`,
        `GRANT ALL ON slurm_acct_db.* TO '${user}'@'127.0.0.1';`,
        `GRANT ALL ON slurm_acct_db.* TO '${user}'@'localhost';`,
        "FLUSH PRIVILEGES;",
      ].join("\n"),
    );
    return { daemon, port, socket, user, pass, sql, stop };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}
