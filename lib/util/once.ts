/**
 * `once(fn)`: a function that calls `fn` on its first call and returns that same value on every
 * later call. The one allowed form of module-level lazy state in lib (CONTRIBUTING.md): it defers
 * an expensive, deterministic, never-changed value (the mathjs module and the instances built
 * from it) until first use, so loading lib does not pay for it.
 */
import { invalidArgument } from "./errors";

/**
 * A memoizing wrapper: `fn` runs at most once, on the first call that returns (a call that throws
 * is not remembered and the next call tries again).
 * @throws `invalid fn: …; expected a function` when `fn` is not a function
 */
export function once<T>(fn: () => T): () => T {
  if (typeof fn !== "function") throw invalidArgument("fn", fn, "a function");
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}
