// Where a field is in the JSON text the reader edits: the line and the character range of the value at a location
// such as [message, msgtype] (a violation's location after `body`), so the console can show a violation at its
// field. A small scanner over the text as typed (it is valid JSON whenever the console asks).

export interface Span {
  /** 1-based line of the field's key (of the value, for an array item or the whole body). */
  line: number;
  start: number;
  end: number;
}

export function locate(text: string, location: readonly string[]): Span | undefined {
  let i = 0;
  const spaces = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Skips one value; returns its span, or, when `path` leads inside it, the span found there.
  const value = (path: readonly string[], keyStart: number): Span | undefined => {
    spaces();
    const start = i;
    const here = (): Span => ({ line: lineOf(text, keyStart), start: keyStart, end: i });
    if (text[i] === '{') {
      i++;
      spaces();
      if (text[i] === '}') return (i++, path.length === 0 ? here() : undefined);
      for (;;) {
        spaces();
        const keyAt = i;
        const key = string();
        spaces();
        i++; // colon
        const found = value(path[0] === key ? path.slice(1) : [null as unknown as string], keyAt);
        if (path.length > 0 && path[0] === key) return found;
        spaces();
        if (text[i] === ',') i++;
        else return (i++, path.length === 0 ? here() : undefined);
      }
    }
    if (text[i] === '[') {
      i++;
      spaces();
      if (text[i] === ']') return (i++, path.length === 0 ? here() : undefined);
      for (let index = 0; ; index++) {
        spaces();
        const itemAt = i;
        const found = value(path[0] === String(index) ? path.slice(1) : [null as unknown as string], itemAt);
        if (path.length > 0 && path[0] === String(index)) return found;
        spaces();
        if (text[i] === ',') i++;
        else return (i++, path.length === 0 ? here() : undefined);
      }
    }
    if (text[i] === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return path.length === 0
      ? { line: lineOf(text, keyStart), start: keyStart === start ? start : keyStart, end: i }
      : undefined;
  };
  try {
    spaces();
    return value(location, i);
  } catch {
    return undefined;
  }
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
