import { readFileSync } from 'node:fs';
import { Marked, type Tokens } from 'marked';
import { raw } from '../interaction/html.js';
import { DOCS_PATH, docsPage, slugger, type TocEntry } from './layout.js';

const readmePath = new URL('../../../README.md', import.meta.url);

/** Markdown's inline marks taken off a heading, for the table of contents. */
const plainText = (text: string) => text.replace(/[`*_]/g, '');

/**
 * The guide: the project's README rendered as one page, every heading with an id to link to and the second-level
 * ones in the table of contents. The README is the project's own text; its markup is kept as written.
 */
export const renderGuide = (markdown: string): string => {
  const slug = slugger();
  const toc: TocEntry[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const id = slug(plainText(text));
        if (depth === 2) toc.push({ id, label: plainText(text) });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const content = marked.parse(markdown, { async: false });
  return docsPage({ title: 'Guide', path: DOCS_PATH, toc, content: raw(content) });
};

export const renderGuideFromReadme = () => renderGuide(readFileSync(readmePath, 'utf8'));
