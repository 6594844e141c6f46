import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadForNewVersion } from './app/ErrorBoundary';
import { Providers } from './app/Providers';
import { createRouter, preloadFirstScreen } from './app/router';
import { setFeedbackHostLoader } from './lib/feedback';
import { initI18n } from './lib/i18n';
import { getToken } from './lib/token';
import './styles.css';

// a lazily loaded chunk of an older build is gone (new version deployed): load the new version once
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewVersion()) event.preventDefault();
});
// the toasts' and dialogs' holder: antd's message and Modal in the antd scope's root, loaded with the first toast or
// dialog or the first touch of a signed-in page (never on a first screen's critical path)
setFeedbackHostLoader(() => import('./app/antd').then((m) => m.mountFeedback()));
void preloadFirstScreen(!!getToken());
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
