import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.js';
import { CodegenError } from './load.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const nameIndex = args.indexOf('--name');

try {
  const { files, newMigration } = await generate({
    root,
    allowDrop: args.includes('--allow-drop'),
    ...(nameIndex >= 0 && args[nameIndex + 1] ? { migrationName: args[nameIndex + 1] } : {}),
  });
  const stale = [...files].filter(([path, content]) => {
    const file = join(root, path);
    return !existsSync(file) || readFileSync(file, 'utf8') !== content;
  });
  if (check) {
    if (stale.length > 0) {
      console.error(
        `Generated files are out of date; run \`npm run codegen\`:\n  ${stale.map(([p]) => p).join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log(`Generated files are up to date (${files.size} files).`);
  } else {
    for (const [path, content] of stale) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    console.log(`Wrote ${stale.length} of ${files.size} generated files.`);
    if (newMigration) console.log(`New migration: ${newMigration}`);
  }
} catch (error) {
  if (error instanceof CodegenError) {
    console.error(`codegen: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
