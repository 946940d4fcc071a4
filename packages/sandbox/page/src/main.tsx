// The inbox page of the sandbox: reads only the control API (/control) and follows its event stream. It asks
// for no push credentials; only a sandbox started with a control token needs one, given once in the address
// (#token=…) or in the page's form.
import { render } from 'preact';
import { App } from './components/App.js';
import { loadSettings, saveSettings } from './settings.js';
import { SandboxStore } from './store.js';
import { takeTokenFromAddress } from './token.js';

// First, before anything reads or writes the address: the token leaves it at once.
takeTokenFromAddress();

const settings = loadSettings();
saveSettings(settings);
const root = document.getElementById('root')!;
root.textContent = ''; // the loading line
render(<App store={new SandboxStore()} initial={settings} />, root);
