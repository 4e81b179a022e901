/**
 * Every operation of Logto's Management API (`@logto/api`'s `management.d.ts`) is driven by a test through the typed
 * client, or is listed as not served yet in tests/contract/pending.json, a list that only shrinks; the written list
 * of operations and their tests (docs/logto-contract.md) is current.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contractList,
  drivenOperations,
  listFile,
  logtoOperations,
  pendingOperations,
} from '../contract/logto-operations.js';

describe("Logto's Management API, operation by operation", () => {
  const operations = logtoOperations();
  const driven = drivenOperations();
  const pending = pendingOperations();

  it('reads all of the published document', () => {
    expect(operations).toHaveLength(275);
    expect(new Set(operations.map((operation) => operation.key)).size).toBe(operations.length);
  });

  it('has a test for every operation not listed as pending', () => {
    const untested = operations.filter((operation) => !driven.has(operation.key) && !pending.includes(operation.key));
    expect(untested.map((operation) => `${operation.id} (${operation.key})`)).toEqual([]);
  });

  it('lists as pending only operations that exist and have no test yet', () => {
    const keys = new Set(operations.map((operation) => operation.key));
    expect(pending.filter((key) => !keys.has(key))).toEqual([]);
    expect(pending.filter((key) => driven.has(key))).toEqual([]);
  });

  it('has its written list of operations and tests up to date (npm run contract:list)', () => {
    expect(readFileSync(listFile, 'utf8')).toBe(contractList());
  });
});
