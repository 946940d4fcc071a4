// @pushapi/verify: checks a real push v1 / DMP endpoint against the documents and the sandbox.
export { verify, plan, UsageError, type VerifyOptions } from './verify.js';
export { retryWaits, UnreachableError, type Exchange } from './scenario/run.js';
export { spendLines } from './report/spend.js';
export { SafetyError } from './scenario/safety.js';
export {
  FAILING_KINDS,
  type Finding,
  type FindingKind,
  type OperationReport,
  type Report,
  type StepRecord,
} from './report/types.js';
export { startProxy, type ProxyOptions, type RunningProxy } from './proxy/server.js';
export { describeAllowList, describeSummary, type ProxySummary } from './proxy/console.js';
export type { AllowList, Refusal, RefusalReason } from './proxy/allow-list.js';
export { worldFromRecording } from './world.js';
export { formatTable } from './report/table.js';
export { formatHtml } from './report/html.js';
