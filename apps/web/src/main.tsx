import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { handleError } from './errors/handle-error.ts';
import { AppProviders } from './providers/app-providers.tsx';
import { AppRoot } from './shell/app-root.tsx';

// Errors outside React Query (event handlers, timers, stray promises) reach the same handler.
window.addEventListener('error', (event) => handleError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => handleError(event.reason));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoot />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  </StrictMode>,
);
