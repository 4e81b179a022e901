/** The event that opens the command palette (the top bar's search button sends it; Ctrl/Cmd+K does the same). */
export const OPEN_PALETTE_EVENT = 'gatehouse:open-palette';

export const openPalette = () => window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));

/** Ctrl+K, or Cmd+K on a Mac: the palette's shortcut. */
export const isPaletteShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
