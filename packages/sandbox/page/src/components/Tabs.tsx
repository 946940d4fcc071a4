// Tabs as the ARIA authoring practices describe them: one tab stop, arrow keys (and Home, End) move between tabs.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export function Tabs<T extends string>(props: {
  label: string;
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect(id: T): void;
  children: ComponentChildren;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const ids = props.tabs.map((t) => t.id);
  const onKey = (event: KeyboardEvent) => {
    const at = ids.indexOf(props.selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = ids[(next + ids.length) % ids.length]!;
    props.onSelect(id);
    refs.current[id]?.focus();
  };
  return (
    <div class="tabs">
      <div role="tablist" aria-label={props.label} onKeyDown={onKey}>
        {props.tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === props.selected ? 'true' : 'false'}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === props.selected ? 0 : -1}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${props.selected}`}
        aria-labelledby={`tab-${props.selected}`}
        tabIndex={0}
        class="tabpanel"
      >
        {props.children}
      </div>
    </div>
  );
}
