// Where PostgreSQL's server programs are, and how to run them: the scripts' shared part
// (apps/server/test/postgres.ts has its own copy for the tests, which cannot import scripts/).
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

const SERVER_PROGRAMS = ["initdb", "pg_ctl", "postgres"];
export const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The folder with initdb, pg_ctl and postgres: Debian's newest version first, then PATH. */
export function findPostgresBin() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((name) => join(root, name, "bin"))
    : [];
  const path = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir !== "");
  return [...versions, ...path].find((dir) => SERVER_PROGRAMS.every((name) => existsSync(join(dir, name))));
}

/** A server program's command line; PostgreSQL refuses root, so as root it runs as `postgres`. */
export function serverCommand(bin, program, args) {
  const path = join(bin, program);
  return isRoot ? ["runuser", ["-u", "postgres", "--", path, ...args]] : [path, args];
}
