/**
 * The fields a results file keeps of a mechanism round's rows and of the simulator's PoA rows: the
 * raw numbers of notebooks 07–10, nothing derived from them (lib/scorecard/study-kind.ts's content
 * key covers this module, not the scorecard's rules or sentences, so editing those keeps stored
 * results valid).
 */
import type { RoundRow } from "../mechanism/rounds";
import type { PoaRow } from "../sim/poa";
import { type ResultRow, resultRows } from "./results-file";

/** The round-row fields a results file keeps (TTS is wall clock, so not reproducible, and left out). */
export const ROUND_RESULT_KEYS = [
  "sample",
  "experiment",
  "payment",
  "n",
  "TV",
  "TP",
  "TW",
  "AD",
  "PM",
  "SP",
  "JP",
  "NC",
] as const;

/** Round rows as result rows (no TTS). */
export function roundResultRows(rows: readonly RoundRow[]): ResultRow[] {
  return resultRows(
    rows as readonly (RoundRow & Record<string, unknown>)[],
    ROUND_RESULT_KEYS as unknown as (keyof RoundRow & string)[],
  );
}

/** The PoA-row fields a results file keeps. */
export const POA_RESULT_KEYS = [
  "sample",
  "jobs",
  "TV",
  "TV_t0",
  "TV_1B1",
  "TV_1B2",
  "TV_1B3",
  "TV_1A",
  "PoA",
  "PoA_exact",
] as const;

/** PoA rows as result rows. */
export function poaResultRows(rows: readonly PoaRow[]): ResultRow[] {
  return resultRows(rows, POA_RESULT_KEYS as unknown as (keyof PoaRow & string)[]);
}
