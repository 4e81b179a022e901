import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const isChunk = (item: OutputBundle[string] | undefined): item is OutputChunk => item?.type === 'chunk';

/** The chunk and every chunk it imports statically, each once, in import order. */
const withStaticImports = (bundle: OutputBundle, start: OutputChunk): OutputChunk[] => {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (isChunk(imported)) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
};

/**
 * The entry module loads the application with a dynamic `import()` (see `src/console/main.tsx`), so the document is
 * parsed and its first paint is not held up by running the application's code. This plugin names that module's
 * chunks and styles in the HTML shell (`modulepreload`, `preload` as style), so the browser downloads them at once
 * beside the entry, as it would have downloaded static imports, instead of after the entry has run.
 */
export const preloadBoot = ({ module, base, nonce }: { module: RegExp; base: string; nonce: string }): Plugin => ({
  name: 'gatehouse-preload-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, context) => {
      const bundle = context.bundle;
      if (!bundle) return [];
      const boot = Object.values(bundle).find(
        (item): item is OutputChunk => isChunk(item) && item.isDynamicEntry && module.test(item.facadeModuleId ?? ''),
      );
      if (!boot) throw new Error(`No dynamically imported chunk of ${module} in the bundle`);
      const href = (file: string) => `${base}${file}`;
      const chunks = withStaticImports(bundle, boot);
      const styles = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
      return [
        ...chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: href(chunk.fileName), nonce },
          injectTo: 'head' as const,
        })),
        ...styles.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: href(file), nonce },
          injectTo: 'head' as const,
        })),
      ] satisfies HtmlTagDescriptor[];
    },
  },
});
