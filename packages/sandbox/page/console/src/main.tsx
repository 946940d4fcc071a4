// The console page of the sandbox (/console/): reads the catalogue the build wrote, the control API of this origin,
// and sends push v1 and DMP requests to this origin only.
import { render } from 'preact';
import { loadSettings, saveSettings } from '../../src/settings.js';
import { takeTokenFromAddress } from '../../src/token.js';
import { Console } from './Console.js';
import { ConsoleStore } from './store.js';

// A control token given in the address (#token=…) leaves it at once, as on the inbox page.
takeTokenFromAddress();
const settings = loadSettings();
saveSettings(settings);
const root = document.getElementById('root')!;
root.textContent = '';
render(<Console store={new ConsoleStore()} initial={settings} />, root);
