/** `npm run config -- export|plan|apply --dir <folder>`: see config-command.ts. */
import { parseConfigArgs, runConfigCommand } from './config-command.js';

try {
  process.stdout.write(`${await runConfigCommand(parseConfigArgs(process.argv.slice(2), process.env))}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
