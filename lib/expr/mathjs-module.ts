/**
 * The mathjs module, loaded on first use. Loading mathjs is slow (it builds every function's
 * factory table); most notebooks and tests never compile a formula or an exact ratio,
 * so lib reaches mathjs only through {@link mathjsModule} (lib's one allowed module-level lazy
 * state, `once`, CONTRIBUTING.md) and `import type` — never a value import from "mathjs".
 */
import { once } from "../util/once";

/** The mathjs module's exports (`create`, the `…Dependencies` factories, …). */
export type MathJsModule = typeof import("mathjs");

/** The mathjs module, required on the first call; the same object on every call. */
export const mathjsModule: () => MathJsModule = once(() => require("mathjs") as MathJsModule);
