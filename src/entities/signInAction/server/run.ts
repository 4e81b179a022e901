import { SCRIPT_LIMITS, type ScriptResult } from '../../../server/scripts/protocol.js';
import { sharedScriptRunner } from '../../../server/scripts/runner.js';

export type ActionType = 'action.postFirstFactorVerification' | 'action.postSignIn';

/** Logto's action keys: the path parameter and the key of the list are the same. */
export const ACTION_KEYS: Readonly<Record<ActionType, string>> = {
  'action.postFirstFactorVerification': 'action.postFirstFactorVerification',
  'action.postSignIn': 'action.postSignIn',
};

/** An action script's entry: Logto's name, so a script written for Logto runs unchanged. */
const ACTION_ENTRY = 'runAction';

/** Runs an action script on an event in the sandbox. */
export const runActionScript = (
  script: string,
  event: unknown,
  environmentVariables: Record<string, string> | null | undefined,
): Promise<ScriptResult> =>
  sharedScriptRunner().run({
    script,
    entry: ACTION_ENTRY,
    payload: { event, environmentVariables: environmentVariables ?? {} },
    limits: SCRIPT_LIMITS,
  });
