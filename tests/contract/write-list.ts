/** `npm run contract:list`: writes docs/logto-contract.md (see logto-operations.ts). */
import { writeFileSync } from 'node:fs';
import { contractList, listFile } from './logto-operations.js';

writeFileSync(listFile, contractList());
console.log(`wrote ${listFile}`);
