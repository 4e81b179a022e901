import { linkTo } from '../../feature-modules/define';

export const qaPaths = {
  forms: 'qa/forms',
  form: 'qa/forms/:entity/:form',
  fixture: 'qa/forms/:entity/:form/:set/:fixture',
} as const;

/** Links to the QA form gallery: the list of forms, one form's cases, one case. */
export const qaLinks = {
  forms: linkTo(qaPaths.forms),
  form: linkTo(qaPaths.form),
  fixture: linkTo(qaPaths.fixture),
};
