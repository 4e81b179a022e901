import './csp';
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { languageReady } from './i18n';
import './styles/layout.css';
import './styles/pages.css';
import './styles/forms.css';
import './styles/dialogs.css';
import './styles/adjustments.css';
import { createRouter, prefetchLanding } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

prefetchLanding(window.location.pathname.replace(/^\/console(?=\/|$)/, '') || '/');

// The chosen language's texts first (English is in the bundle), so the first paint is in that language.
void languageReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  ),
);
