import type { Change } from './types.d.mts';
export interface ReleaseState {
  base: string;
  findings: Change[];
  changesets: { name: string; text: string; ids: string[] }[];
  accepted: Map<string, string>;
  note: string;
  unnamed: Change[];
  uncovered: Change[];
  stale: { id: string; changesets: string[] }[];
  unfinished: string[];
}
export declare function releaseState(cwd: string, base: string, findings: Change[]): ReleaseState;
export declare function changeAtHand(
  cwd: string,
  state: ReleaseState,
): { branch: { base: string; upstream: string; onMain: boolean }; changes: Change[]; onMainAlready: Change[] };
