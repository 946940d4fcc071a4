// The operations nearest to an unknown path, for the 404 that names them. Compared segment by segment, with a
// template's parameters ({appid}, {cid}) matching any segment: a guessed sub-path such as
// `POST /control/apps/a1/clock/advance` is the template `/apps/{appid}/clock` and one segment more, so it
// suggests `POST …/clock`, not every operation that starts with `apps`. Bounded work: the first segments, each cut.

/** Segments and characters of a path compared at most: a refusal costs the same whatever the path's length. */
const MAX_SEGMENTS = 8;
const MAX_CHARS = 64;
/** A segment more or fewer than the template costs as much as three characters mistyped. */
const SEGMENT_COST = 3;
/** How far above the best a candidate may score and still be named. */
const SLACK = 1;

export function distance(a: string, b: string): number {
  // One row of the edit-distance table, kept as the previous row's value (above) and the current row so far (left).
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const [diagonal = 0, above = 0, left = 0] = [previous[j - 1], previous[j], current[j - 1]];
      current.push(Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous.at(-1) ?? 0;
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** How far the asked segments are from a template's: mistyped characters, plus segments too many or too few. */
function score(asked: string[], template: string[]): number {
  let total = Math.abs(asked.length - template.length) * SEGMENT_COST;
  for (const [i, segment] of template.entries()) {
    const mistyped = asked[i];
    if (mistyped !== undefined && !isParameter(segment)) total += distance(mistyped, segment);
  }
  return total;
}

export interface Candidate {
  method: string;
  /** The template under the interface's mount (`/apps/{appid}/clock`). */
  template: string;
  /** How the suggestion is written (`POST /control/apps/{appid}/clock`). */
  label: string;
}

/** At most five candidates nearest to `asked` (the path under the mount), those of the asked method first. */
export function nearest(method: string, asked: string, candidates: Candidate[]): string[] {
  const segments = (path: string) =>
    path
      .split('/')
      .filter((s) => s !== '')
      .slice(0, MAX_SEGMENTS)
      .map((s) => s.slice(0, MAX_CHARS));
  const wanted = segments(asked);
  const scored = candidates
    .map((c) => ({ label: c.label, score: score(wanted, segments(c.template)), other: c.method !== method }))
    .sort((a, b) => a.score - b.score || Number(a.other) - Number(b.other));
  const best = scored[0]?.score ?? 0;
  const close = scored.filter((c) => c.score <= best + SLACK);
  return [...new Set(close.slice(0, 5).map((c) => c.label))];
}
