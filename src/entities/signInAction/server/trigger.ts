import type { Database } from '../../../server/db/database.js';
import { type ActionType, runActionScript } from './run.js';

/** How a trigger went: no enabled action, its answer, or its failure with what its policy says to do. */
export type ActionRun =
  | { ran: false }
  | { ran: true; ok: true; value: unknown }
  | { ran: true; ok: false; block: boolean; message: string };

interface StoredAction {
  script: string;
  environmentVariables: Record<string, string> | null;
  onExecutionError: string | null;
}

/** Runs the tenant's enabled action of a type on an event, in the sandbox. */
export const runEnabledAction = async (
  db: Database,
  tenantId: string,
  actionType: ActionType,
  event: Record<string, unknown>,
): Promise<ActionRun> => {
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<StoredAction>(
      `SELECT script, environment_variables AS "environmentVariables", on_execution_error AS "onExecutionError"
         FROM sign_in_actions WHERE tenant_id = $1 AND action_type = $2 AND enabled IS TRUE`,
      [tenantId, actionType],
    ),
  );
  const action = rows[0];
  if (!action) return { ran: false };
  const result = await runActionScript(action.script, event, action.environmentVariables);
  if (result.ok) return { ran: true, ok: true, value: result.value };
  return { ran: true, ok: false, block: action.onExecutionError !== 'allow', message: result.message };
};
