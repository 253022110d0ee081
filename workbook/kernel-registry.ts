/**
 * The kernels a CLI has running, so that Ctrl-C, SIGTERM and process exit can kill them all.
 * Pass `onKernel` to runNotebook/runReport; call `killAll()` from signal and exit handlers.
 */
import type { TslabKernel } from "./kernel-client";

/** A set of running kernels with the hook that keeps it current. */
export interface KernelRegistry {
  /** Hook for runNotebook/runReport: adds started kernels, removes stopped ones. */
  onKernel: (kernel: TslabKernel, state: "started" | "stopped") => void;
  /** Kills every kernel still running (synchronous). */
  killAll: () => void;
}

/** A new, empty registry. */
export function kernelRegistry(): KernelRegistry {
  const kernels = new Set<TslabKernel>();
  return {
    onKernel: (k, s) => void (s === "started" ? kernels.add(k) : kernels.delete(k)),
    killAll: () => kernels.forEach((k) => k.kill()),
  };
}
