// Conformance: the HTTP status and content type are declared for the operation, and the body conforms to the
// declared schema (types, formats, required fields), explained by the sandbox's validator.
import { explain } from '@pushapi/sandbox';
import {
  declaredMediaTypes,
  documents,
  requestSchema,
  responseSchema,
  sourceOf,
  type Operation,
} from '../documents.js';
import type { Finding } from '../report/types.js';
import type { ServiceAnswer } from './answer.js';

const where = (location: string[]) => location.join('.');

/** Findings of kind `http` and `schema` for an answer. */
export function checkAnswer(op: Operation, answer: ServiceAnswer, step: string, refusal = false): Finding[] {
  const types = declaredMediaTypes(op, answer.status);
  if (!types && refusal && !Object.keys(op.operation.responses).some((s) => s !== '200')) {
    // A refusal of an operation whose document declares no failure answer: the status is what the documents
    // should learn, not a break of them.
    const place = sourceOf(
      op.api,
      `#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method}/responses`,
    );
    return [
      {
        kind: 'unknown-value',
        where: 'response.status',
        expected: `a declared status (${Object.keys(op.operation.responses).join(', ')})`,
        actual: String(answer.status),
        message: `the refusal answers HTTP ${answer.status}, which the document does not declare`,
        step,
        documentAt: place,
      },
    ];
  }
  if (!types) {
    const declared = Object.keys(op.operation.responses).join(', ');
    return [
      {
        kind: 'http',
        where: 'response.status',
        expected: declared,
        actual: String(answer.status),
        message: `HTTP ${answer.status} is not declared for ${op.operationId} (declared: ${declared})`,
        step,
      },
    ];
  }
  if (types.length === 0) return [];
  if (!types.includes(answer.contentType)) {
    return [
      {
        kind: 'http',
        where: 'response.headers.content-type',
        expected: types.join(' or '),
        actual: answer.contentType || '(none)',
        message: `content type ${answer.contentType || '(none)'} is not declared for HTTP ${answer.status}`,
        step,
      },
    ];
  }
  if (answer.body === undefined) {
    return [
      {
        kind: 'http',
        where: 'response.body',
        expected: 'JSON',
        actual: answer.text.slice(0, 80),
        message: 'the body is not JSON',
        step,
      },
    ];
  }
  const pointer = responseSchema(op, answer.status, answer.contentType);
  if (!pointer) return [];
  return explain(documents().schemas, `${op.api}${pointer}`, answer.body, ['response', 'body']).map((v) => ({
    kind: 'schema' as const,
    where: where(v.location),
    expected: v.message,
    actual: JSON.stringify(valueAt(answer.body, v.location.slice(2))) ?? 'absent',
    message: `${where(v.location)}: ${v.message}`,
    step,
  }));
}

/** Findings for a request the scenario built: a violation here is a fault of the scenario, reported all the same. */
export function checkRequest(op: Operation, body: unknown, step: string): Finding[] {
  const pointer = requestSchema(op);
  if (!pointer || body === undefined) return [];
  return explain(documents().schemas, `${op.api}${pointer}`, body, ['request', 'body']).map((v) => ({
    kind: 'schema' as const,
    where: where(v.location),
    expected: v.message,
    actual: JSON.stringify(valueAt(body, v.location.slice(2))) ?? 'absent',
    message: `the request broke its document: ${where(v.location)}: ${v.message}`,
    step,
  }));
}

export function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );
}
