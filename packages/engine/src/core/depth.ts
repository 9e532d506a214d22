/**
 * How deep a JSON value nests, measured without recursion: a command or state nested 100,000 levels
 * deep (it fits in a 16 KiB body) must be refused at the edge, because `JSON.stringify` and any
 * recursive reader of it overflow the stack.
 */

/** The deepest nesting any command, config or state of any game needs, with room to spare. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests arrays or objects more than `max` levels deep (a scalar is depth 0). */
export function exceedsDepth(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > max) return true;
    // A wide value is as costly as a deep one; nothing a game takes has this many parts.
    if (++visited > 1_000_000) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
