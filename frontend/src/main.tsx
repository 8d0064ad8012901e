import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { initTheme } from './features/theme';
import { createRouter, routerReady } from './routes/router';
import { renderedPicturesShown, takeServerState } from './server-rendered';
import './ui/tokens.css';
import './ui/base.css';
import './ui/components.css';
import './routes/layout/layout.css';
import './features/auth/auth.css';

initTheme();

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const rendered = takeServerState(queryClient);
const router = createRouter();

// A page the API rendered is replaced by the app's own first render once its pictures are shown
// (signed-in members then see their own header) and the page's own code has loaded: replaced before,
// it would blink blank while the app loaded it.
void (rendered ? Promise.all([renderedPicturesShown(root), routerReady(router)]) : Promise.resolve()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  ),
);
