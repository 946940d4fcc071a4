// The body editor: the JSON text, the line of the first violation marked behind it, and what the check says,
// with a button that selects the field a violation names.
import { useMemo, useRef } from 'preact/hooks';
import type { Check } from './check.js';
import { locate } from './locate.js';

interface BodyEditorProps {
  text: string;
  onText(text: string): void;
  check: Check;
  /** The API's title, for the label. */
  title: string;
  /** What the example was changed in, made ready for the app. */
  changes: string[];
  appid: string | undefined;
  renew: boolean;
  onRenew(renew: boolean): void;
  /** Fills the example in again over what was typed; given only once the form was edited. */
  onReset?: () => void;
}

export function BodyEditor({ text, onText, check, title, changes, appid, renew, onRenew, onReset }: BodyEditorProps) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const backdropRef = useRef<HTMLPreElement>(null);
  const firstViolation = check.state === 'checked' ? check.violations[0] : undefined;
  const bodyViolation = firstViolation && firstViolation.location[0] === 'body' ? firstViolation : undefined;
  const span = useMemo(() => {
    if (!bodyViolation) return undefined;
    const at = bodyViolation.location.slice(1);
    for (let n = at.length; n >= 0; n--) {
      const found = locate(text, at.slice(0, n));
      if (found) return found;
    }
    return undefined;
  }, [bodyViolation, text]);
  const goToField = () => {
    const area = bodyRef.current;
    if (!area || !span) return;
    area.focus();
    area.setSelectionRange(span.start, span.end);
  };
  const invalid = check.state === 'json' || bodyViolation !== undefined;
  const badLine = check.state === 'json' ? check.line : span?.line;
  return (
    <div class="console-body">
      <label for="console-body">Body (JSON, checked as you type against the {title} document)</label>
      {changes.length > 0 && (
        <p class="muted">
          Made ready for {appid}: {changes.join('; ')}.
        </p>
      )}
      {onReset && (
        <p class="muted">
          Edited: the example is no longer filled in here.{' '}
          <button type="button" class="link-button" onClick={onReset}>
            Back to the example
          </button>
        </p>
      )}
      <div class="editor">
        {/* The line of the first violation, marked behind the text (the message below says it in words). */}
        <pre class="editor-backdrop" aria-hidden="true" ref={backdropRef}>
          {text.split('\n').map((line, i) => (
            <span key={i} class={i + 1 === badLine ? 'editor-bad-line' : undefined}>
              {`${line}\n`}
            </span>
          ))}
        </pre>
        <textarea
          id="console-body"
          ref={bodyRef}
          spellcheck={false}
          wrap="off"
          rows={Math.min(28, Math.max(8, text.split('\n').length + 1))}
          value={text}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby="console-check"
          onInput={(e) => onText((e.currentTarget as HTMLTextAreaElement).value)}
          onScroll={(e) => {
            const backdrop = backdropRef.current;
            if (backdrop) {
              backdrop.scrollTop = e.currentTarget.scrollTop;
              backdrop.scrollLeft = e.currentTarget.scrollLeft;
            }
          }}
        />
      </div>
      <div id="console-check" class={`console-check${invalid ? ' console-check-bad' : ''}`} aria-live="polite">
        {check.state === 'json' && (
          <p>
            Line {check.line}: not JSON ({check.message})
          </p>
        )}
        {check.state === 'checked' && !firstViolation && (
          <p class="console-ok">Valid: the sandbox accepts this request ({check.operation}).</p>
        )}
        {bodyViolation && (
          <p class="violation" data-location={bodyViolation.location.join('.')}>
            {span && <span class="violation-line">Line {span.line}: </span>}
            <code>{bodyViolation.location.join('.')}</code> {bodyViolation.message}{' '}
            {check.state === 'checked' && check.violations.length > 1 && (
              <span class="muted">(and {check.violations.length - 1} more)</span>
            )}{' '}
            {span && (
              <button type="button" class="link-button" onClick={goToField}>
                Go to the field
              </button>
            )}
          </p>
        )}
      </div>
      {/"requestid"/.test(text) && (
        <label class="console-renew">
          <input
            type="checkbox"
            checked={renew}
            onChange={(e) => onRenew((e.currentTarget as HTMLInputElement).checked)}
          />{' '}
          New requestid after each send (clear it to send the same one again and get the first answer back)
        </label>
      )}
    </div>
  );
}
