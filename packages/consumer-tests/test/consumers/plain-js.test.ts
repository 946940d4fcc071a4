// The plain-js consumer project (suite.ts says what it checks).
import { consumerSuite } from './suite.js';

consumerSuite('plain-js');
