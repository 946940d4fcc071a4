// The generator matrix's lane 1 of 2 (src/generators.mjs, generatorLane): the lanes run side by side.
import { generatorLane } from '../src/generators.mjs';
import { describeGenerators } from './generator-checks.js';

describeGenerators(generatorLane(1));
