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
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** How far the asked segments are from a template's: mistyped characters, plus segments too many or too few. */
function score(asked: string[], template: string[]): number {
  let total = Math.abs(asked.length - template.length) * SEGMENT_COST;
  for (let i = 0; i < Math.min(asked.length, template.length); i++)
    if (!isParameter(template[i]!)) total += distance(asked[i]!, template[i]!);
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
