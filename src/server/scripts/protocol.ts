/** What a script run is asked to do: call the function `entry` that `script` defines with `payload`. */
export interface ScriptJob {
  script: string;
  /** The name of the function the script defines and the run calls (`getCustomJwtClaims`). */
  entry: string;
  /** The function's argument, plain JSON; the run adds `api` (`api.denyAccess(message)`). */
  payload: Record<string, unknown>;
  limits: ScriptLimits;
}

export interface ScriptLimits {
  /** The whole run's bound, `fetch` waits included; the script is stopped when it passes. */
  wallClockMs: number;
  /** The script's heap. */
  memoryMb: number;
}

export type ScriptFailureKind = 'syntax' | 'entry' | 'runtime' | 'denied' | 'timeout' | 'oom';

/** How a run ended: the function's answer (JSON), or why it has none. */
export type ScriptResult =
  | { ok: true; value: unknown }
  | { ok: false; kind: ScriptFailureKind; message: string; stack?: string };

/** The limits every tenant's scripts run with (Logto's: five seconds, 128 MiB). */
export const SCRIPT_LIMITS: ScriptLimits = Object.freeze({ wallClockMs: 5000, memoryMb: 128 });
