/** Measures the library and writes the numbers into packages/content/README.md. */
import { readLibrary } from './library.ts';
import { writeStats } from './stats.ts';

writeStats(readLibrary());
process.stdout.write('packages/content/README.md: library numbers updated\n');
