import type { InteractionDetails } from 'oidc-provider';

/** What a flow's state lives in: the interaction's details (its stored `result`). */
interface Holder {
  details: Pick<InteractionDetails, 'result' | 'persist'>;
}

/**
 * One flow's state kept server-side in the oidc-provider interaction (its `result`, persisted with it and never
 * sent to the browser), under the flow's key: read back only when it has the flow's shape, and replaced whole when
 * saved (a flow under way is the interaction's only one; `undefined` ends it). `keeps` names the flows whose state a
 * save leaves in place: those this flow continues (a registration by code completing a pending identity).
 */
export const flowState = <T>(key: string, isState: (value: unknown) => value is T, keeps: readonly string[] = []) => ({
  read: (interaction: { details: Pick<Holder['details'], 'result'> }): T | undefined => {
    const value = interaction.details.result?.[key];
    return isState(value) ? value : undefined;
  },
  save: async (interaction: Holder, state: T | undefined) => {
    const result = interaction.details.result ?? {};
    const kept = Object.fromEntries(keeps.filter((name) => name in result).map((name) => [name, result[name]]));
    interaction.details.result = state ? { ...kept, [key]: state } : kept;
    await interaction.details.persist();
  },
});
