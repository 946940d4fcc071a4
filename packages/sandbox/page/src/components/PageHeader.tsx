// The top of both sandbox pages: the skip link, the title, the links to the other pages, the live badge of the
// event stream, and the reader's preferences (the theme, and what a page adds to it).
import { Fragment, type ComponentChildren } from 'preact';
import type { Health } from '../base-store.js';
import type { LiveState } from '../live.js';
import type { Settings, Theme } from '../settings.js';

export const LIVE_TEXT: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  locked: 'Needs the control token',
};

/** Moves the focus to the page's main part (a plain #link would change the address, which keeps the view). */
export function SkipLink({ href, focus, label }: { href: string; focus: string; label: string }) {
  return (
    <a
      class="skip"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(focus)?.focus();
      }}
    >
      {label}
    </a>
  );
}

export function LiveBadge({ live }: { live: LiveState }) {
  return (
    <p class={`live live-${live}`} role="status">
      <span class="live-dot" aria-hidden="true" /> {LIVE_TEXT[live]}
    </p>
  );
}

/** The sandbox's readiness, in words (not colour only): what /readyz answered, with its reason when not ready. */
export function HealthBadge({ health }: { health?: Health }) {
  if (!health) return null;
  const text = health.ready ? 'Sandbox ready' : `Sandbox not ready: ${health.text.replace(/^not ready:\s*/, '')}`;
  return (
    <p class={`health health-${health.ready ? 'ready' : 'not-ready'}`} role="status">
      <span class="live-dot" aria-hidden="true" /> {text}
    </p>
  );
}

interface PageHeaderProps {
  title: string;
  links: { href: string; label: string }[];
  live: LiveState;
  /** What /readyz answered (base-store.ts). */
  health?: Health;
  settings: Settings;
  onSettings(settings: Settings): void;
  /** More preferences, after the theme. */
  children?: ComponentChildren;
}

export function PageHeader({ title, links, live, health, settings, onSettings, children }: PageHeaderProps) {
  return (
    <header class="top">
      <h1>
        <img src="/assets/icon.svg" alt="" width="24" height="24" /> {title}
      </h1>
      <nav class="console-nav" aria-label="Sandbox pages">
        {links.map(({ href, label }, i) => (
          <Fragment key={href}>
            {i > 0 && ' '}
            <a href={href}>{label}</a>
          </Fragment>
        ))}
      </nav>
      <LiveBadge live={live} />
      <HealthBadge health={health} />
      <div class="prefs">
        <label for="theme">Theme</label>
        <select
          id="theme"
          value={settings.theme}
          onChange={(e) => onSettings({ ...settings, theme: (e.currentTarget as HTMLSelectElement).value as Theme })}
        >
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        {children}
      </div>
    </header>
  );
}
