import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf } from './names.js';
import { nearNames } from './near-names.js';

/** The icon library a descriptor's `console.sidebar.icon` names an icon of, by its export name (`TeamOutlined`). */
export const ICON_LIBRARY = '@ant-design/icons';

/** Every icon the library exports, read from its one-module-per-icon folder (nothing of it is loaded). */
export const libraryIcons = (): Set<string> => {
  const packageJson = createRequire(import.meta.url).resolve(`${ICON_LIBRARY}/package.json`);
  const files = readdirSync(join(dirname(packageJson), 'es/icons'));
  return new Set(files.filter((file) => file.endsWith('.js') && file !== 'index.js').map((file) => file.slice(0, -3)));
};

const themeless = (icon: string) => icon.replace(/(Outlined|Filled|TwoTone)$/, '');

/**
 * Checks that every icon a descriptor names is one of the library's, and returns the module importing exactly those
 * (one deep import each, so the console's bundle holds only the icons named).
 */
export const iconsModule = (models: EntityModel[], banner: string, known: Set<string> = libraryIcons()): string => {
  const problems: string[] = [];
  const named = new Set<string>();
  for (const model of models) {
    const icon = model.sidebar?.icon;
    if (icon === undefined) continue;
    if (known.has(icon)) named.add(icon);
    else {
      const near = nearNames(icon, known, themeless);
      problems.push(
        `${descriptorFileOf(model.name)} console.sidebar.icon: "${icon}" is no icon of ${ICON_LIBRARY}` +
          (near.length ? `; did you mean ${near.join(', ')}?` : ' (its export names, as TeamOutlined)'),
      );
    }
  }
  if (problems.length) throw new CodegenError(problems.join('\n'));
  const icons = [...named].sort();
  return `${banner}import type { ComponentType } from 'react';\n${icons
    .map((icon) => `import ${icon} from '${ICON_LIBRARY}/${icon}';\n`)
    .join(
      '',
    )}\n/** The icons the descriptors name (\`console.sidebar.icon\`), by name: only these are in the bundle. */\nexport const descriptorIcons: Readonly<Record<string, ComponentType>> = { ${icons.join(', ')} };\n`;
};
