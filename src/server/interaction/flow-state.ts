import type { Interaction } from './context.js';

/**
 * One flow's state kept server-side in the oidc-provider interaction (its `result`, persisted with it and never
 * sent to the browser), under the flow's key: read back only when it has the flow's shape, and replaced whole when
 * saved (a flow under way is the interaction's only one; `undefined` ends it).
 */
export const flowState = <T>(key: string, isState: (value: unknown) => value is T) => ({
  read: (interaction: Interaction): T | undefined => {
    const value = interaction.details.result?.[key];
    return isState(value) ? value : undefined;
  },
  save: async (interaction: Interaction, state: T | undefined) => {
    interaction.details.result = state ? { [key]: state } : {};
    await interaction.details.persist();
  },
});
