// Root `bench` command: the benchmarks live in the bench/ workspace package (see bench/README.md).
import { main } from '../bench/src/main.mjs';

process.exitCode = await main(process.argv.slice(2));
