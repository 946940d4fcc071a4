// Images a message names. A remote image is fetched only when the reader allows it; one that is off, refused
// or unreachable shows a placeholder with its address, never a broken image.
import { useContext, useEffect, useState } from 'preact/hooks';
import { imageAddress } from '../format.js';
import { SettingsContext } from '../settings.js';

type Size = 'icon' | 'large-icon' | 'thumb' | 'strip' | 'banner' | 'big';

const isRemote = (src: string) => /^https?:\/\//i.test(src);
const isInline = (src: string) => /^data:image\//i.test(src);

export function MessageImage({ src, label, size }: { src: string; label: string; size: Size }) {
  const { remoteImages } = useContext(SettingsContext);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src, remoteImages]);
  const loadable = isInline(src) || (remoteImages && isRemote(src));
  if (!loadable || failed) {
    const why = failed
      ? 'could not be loaded'
      : isRemote(src)
        ? 'not loaded: remote images are off'
        : 'not an image address';
    return <ImagePlaceholder text={imageAddress(src)} label={`${label} (${why}): ${imageAddress(src)}`} size={size} />;
  }
  return (
    <img class={`img img-${size}`} src={src} alt={label} referrerpolicy="no-referrer" onError={() => setFailed(true)} />
  );
}

export function ImagePlaceholder({ text, label, size }: { text: string; label: string; size: Size }) {
  const small = size === 'icon' || size === 'large-icon';
  return (
    <span class={`img img-${size} img-placeholder`} role="img" aria-label={label} title={label} data-placeholder="">
      <svg viewBox="0 0 24 24" aria-hidden="true" class="img-glyph">
        <path d="M4 5h16v14H4z" fill="none" stroke="currentColor" stroke-width="1.5" />
        <path d="M4 16l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" stroke-width="1.5" />
        <circle cx="15.5" cy="9" r="1.5" fill="currentColor" />
      </svg>
      {!small && <span class="img-text">{text}</span>}
    </span>
  );
}

/** An icon the style names by file (`logo`): it ships inside the app, so the page can only name it. */
export function EmbeddedIcon({ name, size }: { name: string; size: 'icon' | 'large-icon' }) {
  const letter = (name.replace(/^.*\//, '').match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  return (
    <span
      class={`img img-${size} img-embedded`}
      role="img"
      aria-label={`App icon ${name} (embedded in the app)`}
      title={`${name} (embedded in the app)`}
    >
      {letter}
    </span>
  );
}

/** `logourl` when there is one, else `logo`, else the app's own icon. */
export function StyleIcon({
  logo,
  logourl,
  size,
}: {
  logo?: string | undefined;
  logourl?: string | undefined;
  size: 'icon' | 'large-icon';
}) {
  if (logourl) return <MessageImage src={logourl} label="Icon (logourl)" size={size} />;
  return <EmbeddedIcon name={logo ?? 'app icon'} size={size} />;
}
