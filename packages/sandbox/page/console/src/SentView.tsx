// The answer of a send: the sign-ins it took (the signs shown, never the secrets nor the token), the status and
// outcome, the violations, the push check's warnings of an accepted push, the raw body and headers, and the same request as curl and as a typed client call.
import { pushWarnings } from '../../../src/shared/push-check.js';
import { PushWarnings } from '../../src/components/PushWarnings.js';
import type { Sent } from './answer.js';
import { clientCall, curlCommand } from './samples.js';
import type { SignInStep } from './signin-steps.js';

function Step({ step }: { step: SignInStep }) {
  return (
    <details class="console-step" open>
      <summary>
        Sign-in: <code>{step.request.split('?')[0]}</code> → {step.status} {step.outcome}
      </summary>
      <dl class="fields">
        {step.computed.map((c) => (
          <div class="field" key={c.name}>
            <dt>{c.name}</dt>
            <dd>
              <code class="wrap">{c.value}</code> <span class="muted">{c.how}</span>
            </dd>
          </div>
        ))}
        <div class="field">
          <dt>token</dt>
          <dd class="muted">
            {step.ok ? 'kept by the client for the next calls (not shown)' : 'none: the sign-in was refused'}
          </dd>
        </div>
      </dl>
    </details>
  );
}

export function SentView({ sent }: { sent: Sent }) {
  const { answer, request, steps } = sent;
  return (
    <div class="console-sent">
      {steps.map((step, i) => (
        <Step key={i} step={step} />
      ))}
      {steps.length === 0 && request.op.secured && (
        <p class="muted">
          Sent with the token of an earlier sign-in for {request.appid} (kept by the client, not shown).
        </p>
      )}
      <p class="console-status" data-status={answer.status}>
        <strong>
          HTTP {answer.status} {answer.statusText}
        </strong>
        {answer.outcome && (
          <>
            {' '}
            · <code>{answer.outcome}</code>
          </>
        )}
      </p>
      {answer.violations.length > 0 && (
        <ul class="violations" aria-label="Violations">
          {answer.violations.map((v, i) => (
            <li key={i}>
              <code>{v.location.join('.')}</code> {v.message}
            </li>
          ))}
        </ul>
      )}
      {sent.accepted && <PushWarnings warnings={pushWarnings(request.op.operationId, request.body)} />}
      <h3>Body</h3>
      <pre class="raw raw-block console-answer-body" tabIndex={0} role="region" aria-label="Answer body">
        {answer.text || '(empty)'}
      </pre>
      <details>
        <summary>Headers ({answer.headers.length})</summary>
        <dl class="fields">
          {answer.headers.map(([name, value]) => (
            <div class="field" key={name}>
              <dt>{name}</dt>
              <dd>
                <code class="wrap">{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <h3>As curl</h3>
      <pre class="raw raw-block console-curl" tabIndex={0} role="region" aria-label="The request as curl">
        {curlCommand(request)}
      </pre>
      <h3>As a typed client call</h3>
      <pre
        class="raw raw-block console-typed"
        tabIndex={0}
        role="region"
        aria-label="The request as a typed client call"
      >
        {clientCall(request)}
      </pre>
    </div>
  );
}
