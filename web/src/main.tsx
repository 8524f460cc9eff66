import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyStoredLanguage } from './locales/i18n';
import { setExpiredLogout } from './services/request';
import { expiredLogout } from './services/sessionActions';
import { applyColorWeak, useSettings } from './stores/settings';
import './styles.css';

// Colour-weak mode is applied at boot from the stored settings.
applyColorWeak(useSettings.getState().settings.colorWeak);
// An expired session keeps the remember-me key, so the login page can sign in again with it.
setExpiredLogout(expiredLogout);

// An English user's texts arrive before the first paint, so the page never flashes Chinese.
void applyStoredLanguage().then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
