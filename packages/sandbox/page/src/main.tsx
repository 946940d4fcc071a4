// The inbox page of the sandbox: reads only the control API (/control), follows its event stream, and never asks
// for credentials.
import { render } from 'preact';
import { App } from './components/App.js';
import { loadSettings, saveSettings } from './settings.js';
import { SandboxStore } from './store.js';

const settings = loadSettings();
saveSettings(settings);
const root = document.getElementById('root')!;
root.textContent = ''; // the loading line
render(<App store={new SandboxStore()} initial={settings} />, root);
