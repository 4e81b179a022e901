import { SCRIPT_LIMITS, type ScriptResult } from '../../../server/scripts/protocol.js';
import { sharedScriptRunner } from '../../../server/scripts/runner.js';
import { CUSTOMIZER_ENTRY } from './customizers.js';
import { isClaims, notClaims } from './script-errors.js';

export interface CustomizerRun {
  script: string;
  token: Record<string, unknown>;
  context?: Record<string, unknown> | undefined;
  environmentVariables?: Record<string, string> | undefined;
}

/** Runs a customizer script in the sandbox: its claims, or why there are none. */
export const runCustomizer = async ({ script, ...payload }: CustomizerRun): Promise<ScriptResult> => {
  const result = await sharedScriptRunner().run({
    script,
    entry: CUSTOMIZER_ENTRY,
    payload: { ...payload, environmentVariables: payload.environmentVariables ?? {} },
    limits: SCRIPT_LIMITS,
  });
  if (result.ok && !isClaims(result.value)) return notClaims();
  return result;
};
