import { fuzzPart } from './fuzz-part';

await fuzzPart(0);
