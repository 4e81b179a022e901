/**
 * The console application: loaded by the entry module (`main.tsx`) once the document is parsed, its chunks fetched
 * beside the entry (named in the shell by the build).
 */
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { languageReady } from './i18n';
import { createRouter, prefetchLanding } from './routes';
import { currentConsoleLocation } from './tenancy/location';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

prefetchLanding(window.location.pathname.slice(currentConsoleLocation().basename.length) || '/');

// The chosen language's texts first (the shell preloads them beside the entry), so the first paint is in that language.
void languageReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  ),
);
