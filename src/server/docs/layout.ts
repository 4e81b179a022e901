import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FAVICON_PATH } from '../console/favicon.js';
import { html, type SafeHtml } from '../interaction/html.js';

export const DOCS_PATH = '/docs';
export const API_REFERENCE_PATH = '/docs/api';

/** The pages' one stylesheet (no inline styles or scripts: the strict policy applies), named by its content. */
export const stylesheet = readFileSync(new URL('./docs.css', import.meta.url));
const stylesheetVersion = createHash('sha256').update(stylesheet).digest('hex').slice(0, 12);
export const STYLESHEET_PATH = `${DOCS_PATH}/docs.css`;

export interface TocEntry {
  id: string;
  label: string;
  children?: TocEntry[];
}

const tocList = (entries: TocEntry[]): SafeHtml =>
  html`<ul>
${entries.map((entry) => html`<li><a href="#${entry.id}">${entry.label}</a>${entry.children?.length ? tocList(entry.children) : ''}</li>`)}
</ul>`;

const sections = [
  { href: DOCS_PATH, label: 'Guide' },
  { href: API_REFERENCE_PATH, label: 'API reference' },
  { href: '/api/swagger.json', label: 'OpenAPI document' },
  { href: '/console', label: 'Console' },
];

/** A documentation page: the product's header, the sections of the documentation, a table of contents, the content. */
export const docsPage = ({
  title,
  path,
  toc,
  content,
}: {
  title: string;
  path: string;
  toc: TocEntry[];
  content: SafeHtml;
}): string =>
  html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · Gatehouse</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}?v=${stylesheetVersion}">
<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">
</head>
<body>
<header class="topbar">
<a class="brand" href="${DOCS_PATH}">Gatehouse <span>documentation</span></a>
<nav aria-label="Documentation">
${sections.map((section) => html`<a href="${section.href}"${section.href === path ? html` aria-current="page"` : ''}>${section.label}</a>`)}
</nav>
</header>
<div class="layout">
<nav class="toc" aria-label="On this page">
${tocList(toc)}
</nav>
<main>
${content}
</main>
</div>
</body>
</html>
`.value;

/** An id for a heading: lower case words joined by dashes, unique within one page. */
export const slugger = () => {
  const used = new Map<string, number>();
  return (text: string) => {
    const base =
      text
        .toLowerCase()
        .replace(/<[^>]*>/g, '')
        .replace(/&[a-z#0-9]+;/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'section';
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
};
