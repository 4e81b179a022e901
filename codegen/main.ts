import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.js';
import { CodegenError } from './load.js';
import { checkProblems, startingSummary, writeOutput } from './output.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const nameIndex = args.indexOf('--name');

try {
  const result = await generate({
    root,
    allowDrop: args.includes('--allow-drop'),
    ...(nameIndex >= 0 && args[nameIndex + 1] ? { migrationName: args[nameIndex + 1] } : {}),
  });
  const { files, newMigration } = result;
  if (check) {
    // The check writes nothing: a starting file codegen would write is missing as a stale generated file is.
    const problems = checkProblems(root, result);
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log(`Generated files are up to date (${files.size} files).`);
  } else {
    const { written, started } = writeOutput(root, result);
    console.log(`Wrote ${written.length} of ${files.size} generated files.`);
    if (newMigration) console.log(`New migration: ${newMigration}`);
    if (started.length > 0) {
      console.log(
        `Wrote starting files to review (yours from now on; codegen never rewrites them):\n  ${startingSummary(started).join('\n  ')}`,
      );
    }
  }
} catch (error) {
  if (error instanceof CodegenError) {
    console.error(`codegen: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
