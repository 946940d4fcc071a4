// A message as the control API and the event stream show it (InboxMessage of the control document). Kept apart
// from the other views so that delivery can emit it without depending on them.
import type { components } from '../generated/schema.js';
import type { MessageRecord } from '../state/model.js';

export function messageView(m: MessageRecord): components['schemas']['InboxMessage'] {
  return {
    id: m.id,
    taskid: m.taskid,
    kind: m.kind,
    requestid: m.requestid,
    msgtype: m.content.msgtype,
    message: m.content.message,
    template: m.content.template,
    push_info: m.content.push_info,
    state: m.state,
    via: m.via,
    apn: m.apn,
    sentAt: m.sentAt,
    receivedAt: m.receivedAt,
    expiresAt: m.expiresAt,
    displayFrom: m.displayFrom,
    displayUntil: m.displayUntil,
    clicked: m.clicked,
  };
}

