// The fields a received message carries, named as the push v1 document names them: its template (what a tap
// does, the style, a download's settings, the display window) and its envelope. MessageCard shows them folded.
import type { ComponentChildren } from 'preact';
import type { Envelope, Received, Style } from '../api.js';
import { duration, imageAddress, STYLE_NAMES, yesNo } from '../format.js';
import { channelText } from './Android.js';

/** What a tap on the notification does. */
function onTapText(r: Received): ComponentChildren {
  switch (r.msgtype) {
    case 'notification':
      return 'Opens the app';
    case 'link':
      return (
        <>
          Opens the address <code class="wrap">{r.template.url}</code>
        </>
      );
    case 'startactivity':
      return (
        <>
          Opens the intent <code class="wrap">{r.template.intent}</code>
        </>
      );
    case 'notypopload':
      return `Opens the download dialog: "${r.template.popbutton1}" or "${r.template.popbutton2}"`;
    case 'transmission':
      return 'Nothing is shown: the app receives the content';
  }
}

export function Field({ term, children }: { term: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StyleFields({ style }: { style: Style }) {
  return (
    <>
      <Field term="Style">{`${style.type} (${STYLE_NAMES[style.type]})`}</Field>
      {'title' in style && <Field term="title">{style.title}</Field>}
      {'text' in style && <Field term="text">{style.text}</Field>}
      {'logo' in style && style.logo !== undefined && <Field term="logo">{style.logo}</Field>}
      {'logourl' in style && style.logourl !== undefined && <Field term="logourl">{imageAddress(style.logourl)}</Field>}
      {'banner_url' in style && style.banner_url !== undefined && (
        <Field term="banner_url">{imageAddress(style.banner_url)}</Field>
      )}
      {'big_style' in style && style.big_style !== undefined && (
        <Field term="big_style">{style.big_style === '1' ? '1 (big image)' : '2 (long text)'}</Field>
      )}
      {'big_image_url' in style && style.big_image_url !== undefined && (
        <Field term="big_image_url">{imageAddress(style.big_image_url)}</Field>
      )}
      {'big_text' in style && style.big_text !== undefined && <Field term="big_text">{style.big_text}</Field>}
      <Field term="Channel">{channelText(style)}</Field>
      <Field term="Ring">{yesNo(style.is_ring, true)}</Field>
      <Field term="Vibrate">{yesNo(style.is_vibrate, true)}</Field>
      <Field term="Clearable">{yesNo(style.is_clearable, true)}</Field>
      {style.notify_id !== undefined && (
        <Field term="notify_id">{style.notify_id} (replaces an earlier message with the same id)</Field>
      )}
    </>
  );
}

export function TemplateFields({ r }: { r: Received }) {
  const t = r.template;
  return (
    <>
      <Field term="On tap">{onTapText(r)}</Field>
      {'transmission_type' in t && t.transmission_type !== undefined && (
        <Field term="transmission_type">
          {t.transmission_type ? 'true: starts the app at once' : 'false: waits for the app to start'}
        </Field>
      )}
      {'transmission_content' in t && t.transmission_content !== undefined && (
        <Field term="transmission_content">
          <pre class="raw">{t.transmission_content}</pre>
        </Field>
      )}
      {r.msgtype === 'notypopload' && (
        <>
          <Field term="notyicon">{imageAddress(r.template.notyicon)}</Field>
          <Field term="popimage">{imageAddress(r.template.popimage)}</Field>
          {r.template.loadicon !== undefined && <Field term="loadicon">{imageAddress(r.template.loadicon)}</Field>}
          <Field term="loadurl">
            <code class="wrap">{r.template.loadurl}</code>
          </Field>
          {r.template.loadtitle !== undefined && <Field term="loadtitle">{r.template.loadtitle}</Field>}
          <Field term="is_autoinstall">{yesNo(r.template.is_autoinstall, false)}</Field>
          <Field term="is_actived">{yesNo(r.template.is_actived, false)}</Field>
          {(['androidmark', 'symbianmark', 'iphonemark'] as const).map((mark) =>
            r.template[mark] !== undefined ? (
              <Field key={mark} term={mark}>
                {r.template[mark]}
              </Field>
            ) : null,
          )}
        </>
      )}
      {(t.duration_begin !== undefined || t.duration_end !== undefined) && (
        <Field term="Display window">{`${t.duration_begin ?? 'any time'} to ${t.duration_end ?? 'any time'}`}</Field>
      )}
      {'style' in t && <StyleFields style={t.style} />}
    </>
  );
}

export function EnvelopeFields({ envelope }: { envelope: Envelope }) {
  return (
    <>
      <Field term="is_offline">{yesNo(envelope.is_offline, false)}</Field>
      {envelope.offline_expire_time !== undefined && (
        <Field term="offline_expire_time">{`${envelope.offline_expire_time} ms (${duration(envelope.offline_expire_time)})`}</Field>
      )}
      {envelope.push_network_type !== undefined && (
        <Field term="push_network_type">
          {envelope.push_network_type === 1 ? '1 (wifi only)' : `${envelope.push_network_type} (any network)`}
        </Field>
      )}
    </>
  );
}
