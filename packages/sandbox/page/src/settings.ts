// The reader's own choices, kept in this browser: the theme, and whether images named by messages are fetched
// from their hosts (off by default, as a mail client does: the page then makes no request beyond the sandbox).
import { createContext } from 'preact';

export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  theme: Theme;
  remoteImages: boolean;
}

const KEY = 'pushapi-sandbox-settings';

export function loadSettings(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>;
    return {
      theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : 'system',
      remoteImages: saved.remoteImages === true,
    };
  } catch {
    return { theme: 'system', remoteImages: false };
  }
}

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage refused (a private window): the choice lasts until the page is closed.
  }
  if (settings.theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
}

export const SettingsContext = createContext<Settings>({ theme: 'system', remoteImages: false });
