// Test files share their worker's process (isolate: false, vitest.config.mts): what one file sets in
// the environment must not leak into the next.
import { afterAll } from "vitest";
import { resetEnvCache } from "../../lib/env";

const environment = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  resetEnvCache();
});
