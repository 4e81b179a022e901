import { lazy, Suspense, useEffect, useState } from 'react';
import { isPaletteShortcut, OPEN_PALETTE_EVENT } from './open-palette';

/** The palette's code loads the first time it opens: nothing of it is in the first load. */
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

/**
 * Listens for Ctrl/Cmd+K (and the top bar's search button) on every page of the layout, and opens the command
 * palette. It sits inside the data layer, whose providers the palette's searches and actions use.
 */
export const PaletteMount = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpen);
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette onClose={() => setOpen(false)} />
    </Suspense>
  );
};
