// Preloaded by scripts/test-node24.mjs (NODE_OPTIONS=--import): under Node 24, better-sqlite3's
// native module is loaded from the build made for Node 24 (BLOCKARCADE_SQLITE_BINDING) instead of the
// one `npm install` built for the machine's Node, so both runs share one node_modules.
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const binding = process.env.BLOCKARCADE_SQLITE_BINDING;
if (binding) {
  const url = pathToFileURL(binding).href;
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      return resolved.url.endsWith("/better_sqlite3.node") ? { ...resolved, url } : resolved;
    },
  });
}
