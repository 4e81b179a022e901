/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DOCS_URL?: string;
  readonly VITE_ISSUES_URL?: string;
}
