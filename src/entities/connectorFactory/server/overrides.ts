import { factoriesOf, findFactory, presentFactory } from '../../../server/connectors/factories.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';

/** `GET /api/connector-factories` and `GET /api/connector-factories/{id}` (404 `entity.not_found`). */
export const connectorFactoryOverrides = {
  'connectorFactory.list': {
    kind: 'action',
    run: async ({ operationsOf }) => factoriesOf(operationsOf('connector').model).map(presentFactory),
  },
  'connectorFactory.get': {
    kind: 'action',
    run: async ({ params, operationsOf }) => {
      const factory = findFactory(String(params.id), operationsOf('connector').model);
      if (!factory) throw new ApiError('entity.not_found');
      return presentFactory(factory);
    },
  },
} satisfies Record<string, ServerOverride>;
