import { uploadsSuite } from './support/uploads-suite.ts';

/** Uploads on the default storage, the data directory's disk. */
await uploadsSuite();
