// Type test of a generated client's push_single body, `Body` (body.ts re-exports it from the generated code).
// Compiled with `tsc --strict`; it must give no error at all. `message.msgtype` must pick the body's variants
// (its template) and `style.type` the style; a template that does not match `msgtype` must be refused: an unused
// `@ts-expect-error` is error TS2578, so the check fails if the generated type stops refusing it.
import type { Body } from './body';

/** The variants of the body whose msgtype is `M`: never when the generated msgtype is not a literal type. */
type Variant<M extends string> = Extract<Body, { message: { msgtype: M } }>;

function has<M extends Body['message']['msgtype']>(body: Body, msgtype: M): body is Variant<M> {
  return body.message.msgtype === msgtype;
}

/** A field only the narrowed template or style has: each return compiles only once the body has narrowed. */
export function describe(body: Body): string {
  if (has(body, 'notification')) {
    const style = body.notification.style;
    if (style.type === 4) return style.banner_url;
    if (style.type === 0) return style.logo;
    return style.text;
  }
  if (has(body, 'link')) return body.link.url;
  if (has(body, 'notypopload')) return body.notypopload.loadurl;
  if (has(body, 'startactivity')) return body.startactivity.intent;
  if (has(body, 'transmission')) return body.transmission.transmission_content;
  // Every msgtype is handled: nothing is left of the union.
  const rest: never = body;
  return rest;
}

export const accepted: Body[] = [
  {
    message: { msgtype: 'notification' },
    notification: { style: { type: 4, banner_url: 'https://www.example.com/b.png' } },
    cid: 'magic-online',
    requestid: 'req-1',
  },
  {
    message: { msgtype: 'link' },
    link: { url: 'https://www.example.com/', style: { type: 1, text: 't', title: 't', logo: 'icon.png' } },
    alias: 'a',
    requestid: 'req-2',
  },
];

// @ts-expect-error msgtype `link` with the notification template
export const mismatched: Body = {
  message: { msgtype: 'link' },
  notification: { style: { type: 0, text: 't', title: 't', logo: 'icon.png' } },
  cid: 'magic-online',
  requestid: 'req-3',
};
