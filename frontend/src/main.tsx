import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initTheme } from './features/theme';
import './ui/tokens.css';
import './ui/base.css';
import './ui/components.css';
import './routes/layout/layout.css';
import './features/auth/auth.css';

initTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
