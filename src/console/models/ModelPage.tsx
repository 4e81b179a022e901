import { type ReactNode, use } from 'react';
import type { ConsoleResource } from '../../shared/descriptor';
import { modelsLoaded, modelsReady, requireResource } from './store';

/**
 * Renders its children once the models of these entities (and of those they name) are loaded, suspending to the
 * nearest boundary until then; a navigation keeps the page it leaves on screen meanwhile.
 */
export const WithModels = ({
  names,
  preload,
  children,
}: {
  names: readonly string[];
  /** The code of what draws inside, fetched while the models load rather than after. */
  preload?: (() => Promise<unknown>) | undefined;
  children: ReactNode;
}) => {
  if (!modelsLoaded(names)) preload?.().catch(() => undefined);
  // Called on every render, loaded or not: React replays a render that suspended and expects the same calls.
  use(modelsReady(names));
  return children;
};

interface ModelPageProps {
  name: string;
  render: (resource: ConsoleResource) => ReactNode;
  /** The page's code (a `lazyPage`'s `preload`), fetched together with the model. */
  preload?: () => Promise<unknown>;
}

/** A page of one entity, drawn from its whole model. */
export const ModelPage = ({ name, render, preload }: ModelPageProps) => (
  <WithModels names={[name]} preload={preload}>
    <Drawn name={name} render={render} />
  </WithModels>
);

const Drawn = ({ name, render }: { name: string; render: (resource: ConsoleResource) => ReactNode }) =>
  render(requireResource(name));
