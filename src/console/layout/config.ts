/** Links shown in the top bar; overridable at build time. */
export const docsUrl: string = import.meta.env.VITE_DOCS_URL ?? 'https://docs.logto.io/';
export const issuesUrl: string = import.meta.env.VITE_ISSUES_URL ?? 'https://github.com/logto-io/logto/issues';
export const productName = 'Gatehouse';
