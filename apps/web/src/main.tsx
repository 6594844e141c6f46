import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getToken } from './api/token';
import { reloadForNewVersion } from './app/ErrorBoundary';
import { initI18n } from './app/i18n';
import { Providers } from './app/Providers';
import { createRouter, preloadFirstScreen } from './app/router';
import './styles.css';

// a lazily loaded chunk of an older build is gone (new version deployed): load the new version once
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewVersion()) event.preventDefault();
});
preloadFirstScreen(!!getToken());
const router = createRouter();

// zh ships with the app; another chosen language's dictionary (one small chunk) is loaded before the first render
void initI18n().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // render in this task: the first frame the browser paints already has the page (not an empty root first)
  flushSync(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});
