// The timeline's filters, kept in the address: a search box over every text of a message, then device or alias,
// template, task and state; "Clear filters" lifts them all. Each change closes the message open in the detail pane.
import { useEffect, useState } from 'preact/hooks';
import type { Device, Task } from '../api.js';
import { STATES, TEMPLATES, type Selection, type StateFilter, type Template } from '../selection.js';

export interface FiltersProps {
  selection: Selection;
  devices: Device[];
  tasks: Task[];
  onSelect(change: Partial<Selection>): void;
}

export function Filters({ selection, devices, tasks, onSelect }: FiltersProps) {
  const [text, setText] = useState(selection.q ?? '');
  useEffect(() => setText(selection.q ?? ''), [selection.q]);
  const aliases = [...new Set(devices.map((d) => d.alias).filter((a): a is string => a !== null))].sort();
  const target =
    selection.cid !== undefined
      ? `cid:${selection.cid}`
      : selection.alias !== undefined
        ? `alias:${selection.alias}`
        : '';
  const pick = (value: string) => {
    const [kind, ...rest] = value.split(':');
    const name = rest.join(':');
    onSelect({ cid: kind === 'cid' ? name : undefined, alias: kind === 'alias' ? name : undefined, msg: undefined });
  };
  const any =
    selection.cid ?? selection.alias ?? selection.template ?? selection.task ?? selection.q ?? selection.state;
  return (
    <form
      class="filters"
      role="search"
      aria-label="Filter the messages"
      onSubmit={(e) => {
        e.preventDefault();
        onSelect({ q: text.trim() || undefined, msg: undefined });
      }}
    >
      <span class="filter">
        <label for="filter-q">Search</label>
        <input
          id="filter-q"
          type="search"
          value={text}
          placeholder="title, text, content"
          maxLength={200}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
        />
      </span>
      <button type="submit" class="button">
        Search
      </button>
      <span class="filter">
        <label for="filter-target">Device or alias</label>
        <select id="filter-target" value={target} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">every device</option>
          {devices.map((d) => (
            <option key={d.cid} value={`cid:${d.cid}`}>
              {d.cid}
            </option>
          ))}
          {aliases.map((a) => (
            <option key={`alias:${a}`} value={`alias:${a}`}>
              alias {a}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-template">Template</label>
        <select
          id="filter-template"
          value={selection.template ?? ''}
          onChange={(e) =>
            onSelect({
              template: ((e.currentTarget as HTMLSelectElement).value || undefined) as Template | undefined,
              msg: undefined,
            })
          }
        >
          <option value="">any</option>
          {TEMPLATES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-task">Task</label>
        <select
          id="filter-task"
          value={selection.task ?? ''}
          onChange={(e) =>
            onSelect({ task: (e.currentTarget as HTMLSelectElement).value || undefined, msg: undefined })
          }
        >
          <option value="">any</option>
          {selection.task && !tasks.some((t) => t.taskid === selection.task) && (
            <option value={selection.task}>{selection.task}</option>
          )}
          {tasks.map((t) => (
            <option key={t.taskid} value={t.taskid}>
              {t.taskid}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-state">State</label>
        <select
          id="filter-state"
          value={selection.state ?? ''}
          onChange={(e) =>
            onSelect({
              state: ((e.currentTarget as HTMLSelectElement).value || undefined) as StateFilter | undefined,
              msg: undefined,
            })
          }
        >
          <option value="">any</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      {any !== undefined && (
        <button
          type="button"
          class="button"
          onClick={() =>
            onSelect({
              cid: undefined,
              alias: undefined,
              template: undefined,
              task: undefined,
              q: undefined,
              state: undefined,
              msg: undefined,
            })
          }
        >
          Clear filters
        </button>
      )}
    </form>
  );
}
