/**
 * The console benchmark's in-page side, added to every document before the console's own scripts. It takes the
 * times in the page (`performance.now()`), so the round trips between the benchmark and the browser add nothing.
 *
 * It judges a page only by what a user sees: the page's heading (a visible `h1` in `main`), loading indicators
 * (anything `aria-busy`, a spinning spinner, a skeleton), table rows with text in a cell (a data row, or an empty
 * list's message) and cards or forms. Every condition is checked once per animation frame, so a time is the frame
 * that first shows it (painted right after).
 *
 * Kept as plain JavaScript in a string: it runs in the browser as written, untouched by the TypeScript transform.
 */

/** What a page is ready with: a table row (a list), a card or form (any other page), or either (not known yet). */
export type ReadyKind = 'rows' | 'content' | 'any';

/**
 * One navigation as the page timed it, `performance.now()` at: the click; the new page's heading; its content
 * (table rows or a card), perhaps still loading (a list shown from the cache while it is fetched again); and the
 * page ready: heading and content shown, nothing loading.
 */
export interface ProbeRun {
  clicked?: number;
  heading?: number;
  content?: number;
  ready?: number;
}

export const probeScript = `(() => {
  if (window.__ghBench) return;
  const BUSY = '[aria-busy="true"], .ant-spin-spinning, .ant-skeleton';
  const CARDS = 'form, section, .ant-card, .gh-card';
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
  };
  const any = (root, selector, test) => Array.prototype.some.call(root.querySelectorAll(selector), test);
  const heading = () =>
    Array.prototype.find.call(document.querySelectorAll('main h1'), (h) => shown(h) && h.textContent.trim() !== '');
  const dataRow = (main, old) =>
    any(main, 'table tbody tr', (tr) =>
      !old.has(tr) && tr.getAttribute('aria-hidden') !== 'true' && shown(tr) &&
      Array.prototype.some.call(tr.cells, (cell) => cell.textContent.trim() !== ''));
  const card = (main) => any(main, CARDS, shown);
  const busy = (main) => any(main, BUSY, shown);
  const hasContent = (main, kind, old) =>
    kind === 'rows' ? dataRow(main, old) : kind === 'content' ? card(main) : dataRow(main, old) || card(main);
  // Calls check once per animation frame until it answers true.
  const everyFrame = (check) => {
    const frame = () => {
      if (!check()) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const bench = {
    firstHeading: undefined,
    run: undefined,
    // From the document's start (cold loads): when the first page's heading shows, since the navigation started.
    watchFirstHeading() {
      everyFrame(() => {
        if (!heading()) return false;
        bench.firstHeading = performance.now();
        return true;
      });
    },
    // Before a click on a sidebar link to path: times the click, then the new page's heading and its content.
    arm(path, kind) {
      const before = heading();
      const beforeText = before ? before.textContent : null;
      const oldRows = new WeakSet(document.querySelectorAll('main tr'));
      const run = { clicked: undefined, heading: undefined, content: undefined, ready: undefined };
      bench.run = run;
      addEventListener('click', () => { run.clicked = performance.now(); }, { capture: true, once: true });
      everyFrame(() => {
        if (bench.run !== run) return true;
        if (run.clicked === undefined) return false;
        const at = location.pathname;
        if (at !== path && !at.startsWith(path + '/')) return false;
        const h = heading();
        if (!h || (h === before && h.textContent === beforeText)) return false;
        const now = performance.now();
        if (run.heading === undefined) run.heading = now;
        const main = h.closest('main');
        if (!main || !hasContent(main, kind, oldRows)) return false;
        if (run.content === undefined) run.content = now;
        if (busy(main)) return false;
        run.ready = now;
        return true;
      });
    },
    // What the page in view shows its content with, once it has settled: a table, or cards and forms.
    kind() {
      const main = document.querySelector('main');
      return main && main.querySelector('table') ? 'rows' : 'content';
    },
  };
  window.__ghBench = bench;
})();`;
