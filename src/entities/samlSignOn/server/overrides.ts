import { anyone, type ServerOverride } from '../../../server/crud/overrides.js';
import { type SamlMessage, startSignOn } from '../../samlApplication/server/sign-on.js';

/** The SAML application the path names is the one the sign-on is for. */
export const samlSignOnOverrides = {
  'samlSignOn.authn-redirect': {
    kind: 'action',
    authenticate: anyone,
    run: (run) => startSignOn({ ...run, id: run.params.id ?? '' }, 'redirect', run.query as unknown as SamlMessage),
  },
  'samlSignOn.authn-post': {
    kind: 'action',
    authenticate: anyone,
    run: (run) => startSignOn({ ...run, id: run.params.id ?? '' }, 'post', run.body as unknown as SamlMessage),
  },
} satisfies Record<string, ServerOverride>;
