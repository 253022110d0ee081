/**
 * npm run lab: JupyterLab 4 without pip. Installs and builds lab/ when needed (on the first run),
 * then serves the project with Debian's jupyter_server + jupyterlab_server and prints the address.
 *   npm run lab [-- --port=8888 (other jupyter_server options)]
 * Needs: apt-get install python3-jupyter-server python3-jupyterlab-server. Registers this checkout's
 * schedgame kernel when the registered one is stale or another checkout's. Users with pip can keep
 * `jupyter lab` instead.
 */
import * as path from "node:path";
import { ensureKernelspec } from "./kernelspec-app";
import { ensureLabBuilt, labServerMissing, startLab } from "./lab-app";

async function main(): Promise<void> {
  const missing = labServerMissing();
  if (missing) throw new Error(`npm run lab: Debian's Jupyter server is not installed (${missing})`);
  const args = process.argv.slice(2);
  const portArg = args.find((a) => a.startsWith("--port="));
  console.log(`schedgame-lab: ${ensureLabBuilt((s) => console.log(s)).join(", ")}`);
  ensureKernelspec(path.resolve(__dirname, "..")); // this checkout's kernel, re-registered when stale or another checkout's
  const lab = await startLab({
    port: portArg ? Number(portArg.slice(7)) : 8888,
    args: args.filter((a) => a !== portArg),
  });
  console.log(`JupyterLab 4 (schedgame-lab) is running: ${lab.url}lab?token=${lab.token}\nCtrl+C stops it.`);
  const stop = () => {
    void lab.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  lab.child.once("exit", (code) => process.exit(code ?? 0));
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
