import { ApiError } from '../../../server/http/api-error.js';
import type { InputIssue } from '../../../shared/input-issue.js';

/**
 * Logto answers a configuration its factory refuses with `connector.invalid_config` (400); the record rules that
 * check it answer `guard.invalid_input`. This restates the latter as the former when every issue lies in `config`,
 * keeping the issues (each at its `/config/...` pointer) as the data.
 */
export const asConfigError = (error: unknown): unknown => {
  if (!(error instanceof ApiError) || error.code !== 'guard.invalid_input') return error;
  const issues = (error.data as { issues?: InputIssue[] } | undefined)?.issues ?? [];
  if (issues.length === 0 || !issues.every((issue) => issue.path === '/config' || issue.path.startsWith('/config/'))) {
    return error;
  }
  return new ApiError('connector.invalid_config', {}, { issues });
};

export const invalidConfig = (issues: InputIssue[]) => new ApiError('connector.invalid_config', {}, { issues });
