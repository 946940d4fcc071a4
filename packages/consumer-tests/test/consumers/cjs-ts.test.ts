// The cjs-ts consumer project (suite.ts says what it checks).
import { consumerSuite } from './suite.js';

consumerSuite('cjs-ts');
