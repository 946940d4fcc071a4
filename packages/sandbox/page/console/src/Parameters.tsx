// The operation's path and query parameters, each with the violation the check found in it.
import type { CatalogueOperation } from './catalogue.js';
import type { Check } from './check.js';

/** getAccessToken's signs, computed when sent (the console's client helpers compute them). */
const COMPUTED = new Set(['user_code', 'sign1', 'sign2', 'timestamp']);

interface ParametersProps {
  op: CatalogueOperation;
  params: Record<string, string>;
  check: Check;
  onParams(params: Record<string, string>): void;
}

export function Parameters({ op, params, check, onParams }: ParametersProps) {
  const violationOf = (name: string) =>
    check.state === 'checked'
      ? check.violations.find((v) => (v.location[0] === 'path' || v.location[0] === 'query') && v.location[1] === name)
      : undefined;
  return (
    <fieldset class="console-params">
      <legend>Parameters</legend>
      {op.parameters.map((p) => {
        const violation = violationOf(p.name);
        const computed = op.operationId === 'getAccessToken' && COMPUTED.has(p.name);
        const id = `param-${p.name}`;
        return (
          <div class="console-param" key={p.name}>
            <label for={id}>
              {p.name}{' '}
              <span class="muted">
                ({p.in}
                {p.required ? ', required' : ''})
              </span>
            </label>
            <input
              id={id}
              value={computed ? '' : (params[p.name] ?? '')}
              placeholder={computed ? 'computed by the console when sent' : ''}
              disabled={computed}
              aria-invalid={violation ? 'true' : undefined}
              aria-describedby={violation ? `${id}-error` : undefined}
              onInput={(e) => onParams({ ...params, [p.name]: (e.currentTarget as HTMLInputElement).value })}
            />
            {violation && (
              <p class="field-error" id={`${id}-error`}>
                {violation.location.join('.')}: {violation.message}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
