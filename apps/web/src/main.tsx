import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadForNewVersion } from './app/ErrorBoundary';
import { initI18n } from './app/i18n';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import './styles.css';

initI18n();
// a lazily loaded chunk of an older build is gone (new version deployed): load the new version once
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewVersion()) event.preventDefault();
});
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
