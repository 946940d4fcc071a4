// Shown instead of the data while the control API answers 401: the sandbox was started with a control token,
// and the page needs it. The token is read from the field on submit and the field emptied: it is never rendered
// as text, never written to the console.
import { useEffect, useRef } from 'preact/hooks';

export function TokenForm({
  auth,
  onToken,
}: {
  auth: 'needed' | 'checking' | 'refused';
  onToken(token: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: Event) => {
    event.preventDefault();
    const token = input.current?.value.trim() ?? '';
    if (input.current) input.current.value = '';
    if (token) onToken(token);
  };
  return (
    <section class="token" aria-labelledby="token-title">
      <h2 id="token-title">This sandbox needs its control token</h2>
      <p>
        It was started with <code>--control-token</code> (or <code>controlToken</code>), so its control API, which this
        page reads, answers only calls that carry that token. Enter it to see the apps, devices and messages.
      </p>
      <p>
        The page keeps it for this tab only and sends it as a header, never in an address. Opening the page once as{' '}
        <code>/#token=…</code> does the same.
      </p>
      {auth === 'refused' && (
        <p class="error" role="alert">
          The sandbox refused this token (401 Unauthorized): it is not the one the sandbox was started with.
        </p>
      )}
      <div aria-live="polite">{auth === 'checking' && <p>Trying the token…</p>}</div>
      <form onSubmit={submit}>
        <label for="control-token">Control token</label>
        <input id="control-token" ref={input} type="password" autocomplete="off" spellcheck={false} required />
        <button type="submit" class="button">
          Open the sandbox
        </button>
      </form>
    </section>
  );
}
