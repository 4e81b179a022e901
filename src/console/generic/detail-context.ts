import type { BaseRecord } from '@refinedev/core';
import { useOutletContext } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';

/** What a detail tab receives from its page: the entity, the loaded record and a way to reload it. */
export interface DetailContext {
  resource: ConsoleResource;
  record: BaseRecord & { id: string };
  refetch: () => Promise<unknown>;
}

export const useDetailContext = () => useOutletContext<DetailContext>();
