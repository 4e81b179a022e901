/**
 * The nonce of this page's Content-Security-Policy. The server writes a fresh one into the shell's
 * `<meta property="csp-nonce">` for every response (browsers hide the attribute; the `nonce` property keeps it).
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

/**
 * Stamps the nonce on every style element the console's own code creates, so the policy can refuse inline styles
 * without refusing the theme. The component library passes a nonce on for its component styles only: its CSS
 * variable sheets, the scroll lock of dialogs, the scrollbar probe and the icon library (a newer major than the one
 * the component library's context reaches) create style elements without one. Markup the
 * HTML parser creates (an injected `<style>` or `style="…"`) never passes through here and stays refused.
 * Imported first by the entry module, before any of those libraries runs.
 */
const stampStyleElements = (nonce: string) => {
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as Document['createElement'];
};

if (cspNonce) stampStyleElements(cspNonce);
