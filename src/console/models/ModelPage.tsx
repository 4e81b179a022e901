import { type ReactNode, use } from 'react';
import type { ConsoleResource } from '../../shared/descriptor';
import { loadModels, modelsLoaded, requireResource } from './store';

/**
 * Renders its children once the models of these entities (and of those they name) are loaded, suspending to the
 * nearest boundary until then; a navigation keeps the page it leaves on screen meanwhile.
 */
export const WithModels = ({ names, children }: { names: readonly string[]; children: ReactNode }) => {
  if (!modelsLoaded(names)) use(loadModels(names));
  return children;
};

/** A page of one entity, drawn from its whole model. */
export const ModelPage = ({ name, render }: { name: string; render: (resource: ConsoleResource) => ReactNode }) => (
  <WithModels names={[name]}>
    <Drawn name={name} render={render} />
  </WithModels>
);

const Drawn = ({ name, render }: { name: string; render: (resource: ConsoleResource) => ReactNode }) =>
  render(requireResource(name));
