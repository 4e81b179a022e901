import { QA_SCOPE as qaScope } from '../../auth/config';
import { defineFeature } from '../../feature-modules/define';
import { lazyPage } from '../../navigation/lazy-page';
import { allEntries } from '../../registry';
import { qaPaths } from './links';

/** The gallery shows every entity's forms. */
const everyEntity = allEntries.map((entry) => entry.name);

const Gallery = lazyPage(() => import('./Gallery').then((m) => m.Gallery));
const CasePage = lazyPage(() => import('./CasePage').then((m) => m.CasePage));

/**
 * `/console/qa/forms`: the QA form gallery. Every generated form (create dialogs, settings tabs, action bodies)
 * rendered with each of its fixtures, the form's validation beside the fixture's expectation, in a chosen language
 * and appearance. Only for holders of the QA scope, and not in the sidebar: QA opens it by its URL.
 */
export const feature = defineFeature({
  name: 'qa',
  models: everyEntity,
  pages: [
    { path: qaPaths.forms, placement: 'layout', component: Gallery, scopes: [qaScope] },
    { path: qaPaths.form, placement: 'layout', component: Gallery, scopes: [qaScope] },
    { path: qaPaths.fixture, placement: 'layout', component: CasePage, scopes: [qaScope] },
  ],
});

export { qaLinks } from './links';
