import apiResources from './api-resources.json';
import applications from './applications.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import fields from './fields.json';
import roles from './roles.json';
import webhooks from './webhooks.json';

/** English texts, one i18next namespace (`translation`) built from one file per area. */
const en = { ...common, ...auth, ...errors, ...fields, ...apiResources, ...applications, ...roles, ...webhooks };

export default en;
