// The esm-ts consumer project (suite.ts says what it checks).
import { consumerSuite } from './suite.js';

consumerSuite('esm-ts');
