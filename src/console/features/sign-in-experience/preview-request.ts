import { apiRoutes } from '../../../generated/api-paths';
import type { Settings } from './form-state';

export type PreviewPage = 'sign-in' | 'register';
export type PreviewMode = 'light' | 'dark';

export interface PreviewOptions {
  page: PreviewPage;
  mode: PreviewMode;
  language?: string;
  /** The console page's style nonce: the preview is a `srcdoc` frame, which keeps the console's policy. */
  nonce?: string;
}

/**
 * The one request the live preview makes: the sign-in experience's preview action, with the unsaved changes as a
 * PATCH body laid over the stored settings, and the page, mode and language to show. The answer is the page's HTML.
 */
export const previewRequest = (changes: Settings, options: PreviewOptions) => ({
  url: apiRoutes.signInExperience.actions.preview,
  method: 'post' as const,
  payload: {
    signInExperience: changes,
    page: options.page,
    mode: options.mode,
    ...(options.language ? { language: options.language } : {}),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  },
});
