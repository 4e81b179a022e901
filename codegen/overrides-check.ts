import { consoleFieldKeys, consoleWidgetKeys } from '../src/console/rjsf/keys.js';
import type { EntityModel } from '../src/shared/descriptor.js';
import { queryExtrasOf } from '../src/shared/descriptor.js';
import { CodegenError } from './load.js';
import { descriptorFileOf } from './names.js';
import { overridesFile } from './server-overrides.js';

const collectUi = (node: unknown, widgets: string[], fields: string[]) => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ui:widget' && typeof value === 'string') widgets.push(value);
    else if (key === 'ui:field' && typeof value === 'string') fields.push(value);
    else collectUi(value, widgets, fields);
  }
};

/**
 * Every key a descriptor names must have an implementation: an unknown key is an error, never a silent blank.
 * `serverKeys` are the server keys implemented (`implementedServerKeys`, and any implemented outside the folders).
 */
export const checkOverrideKeys = (models: EntityModel[], serverKeys: readonly string[]) => {
  const problems: string[] = [];
  const known = (list: readonly string[], key: string, where: string) => {
    if (list.includes(key)) return;
    const owner = key.split('.')[0] ?? key;
    const hint = list === serverKeys ? ` (implement it in ${overridesFile(owner)})` : '';
    problems.push(`${where}: unknown key "${key}"${hint}`);
  };
  for (const model of models) {
    const where = `${descriptorFileOf(model.name)}`;
    for (const hook of Object.values(model.serverHooks)) if (hook) known(serverKeys, hook, `${where} serverHooks`);
    const links = model.sides !== undefined || model.relations.some((relation) => relation.kind === 'linked');
    if (model.serverHooks.beforeLink && !links)
      problems.push(`${where}: serverHooks.beforeLink needs a relation entity linking it`);
    for (const action of model.actions) known(serverKeys, action.handler, `${where} api.actions`);
    for (const extra of queryExtrasOf(model)) known(serverKeys, extra.hook, `${where} api.operations extras`);
    const widgets: string[] = [];
    const fields: string[] = [];
    collectUi(model.uiSchema, widgets, fields);
    for (const widget of widgets) known(consoleWidgetKeys, widget, `${where} uiSchema ui:widget`);
    for (const field of fields) known(consoleFieldKeys, field, `${where} uiSchema ui:field`);
  }
  if (problems.length) throw new CodegenError(problems.join('\n'));
};
