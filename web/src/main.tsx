import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './locales/i18n';
import { setExpiredLogout } from './services/request';
import { logout } from './services/sessionActions';
import { applyColorWeak, useSettings } from './stores/settings';
import './styles.css';

// Colour-weak mode is applied at boot from the stored settings (spec §2).
applyColorWeak(useSettings.getState().settings.colorWeak);
setExpiredLogout(logout);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
