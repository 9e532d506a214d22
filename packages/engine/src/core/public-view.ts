/**
 * What a client of a ranked game may hold (issue 22, docs/service.md "Fair play"): the state without
 * its random source, its seed, or any field the game keeps hidden (`GameDefinition.hidden`), so a
 * client that replays or predicts knows no more of the next deal than a player looking at the screen.
 * `resumeLocally` turns such a view back into a full state with a fresh random source: the unranked
 * local game that goes on when a ranked game's connection drops.
 */
import { type AnyGame, type BaseState, fail, isPlainObject, type Result } from "./game.js";
import { describeValue } from "./read.js";
import { isValidSeed, MAX_SEED } from "./rng.js";

/** A state as a ranked client sees it: no `rng`, no `seed`, none of the game's hidden fields. */
export type PublicView<S extends BaseState = BaseState> = Omit<S, "rng" | "seed">;

/** The fields `publicView` leaves out of `game`'s states. */
export function hiddenFields(game: AnyGame): readonly string[] {
  return ["rng", "seed", ...(game.hidden ?? [])];
}

/** `state` without what would tell a client the future (a shallow copy; `state` is not changed). */
export function publicView<S extends BaseState>(game: AnyGame, state: S): PublicView<S> {
  const view: Record<string, unknown> = { ...(state as BaseState) };
  for (const key of hiddenFields(game)) delete view[key];
  return view as PublicView<S>;
}

/**
 * A full state from a public view, with a fresh random source from `seed`: the same position and
 * score, going on with a different future. Validated through the game's `load`, so a view that is
 * not one of the game's positions is refused (BAD_STATE), never trusted.
 */
export function resumeLocally<S extends BaseState>(
  game: AnyGame,
  view: PublicView<S> | Record<string, unknown>,
  seed: number,
): Result<S> {
  if (!isValidSeed(seed)) return fail("BAD_STATE", `seed must be an integer from 0 to ${MAX_SEED}`);
  if (!isPlainObject(view)) return fail("BAD_STATE", `a view must be an object, not ${describeValue(view)}`);
  const raw: Record<string, unknown> = { ...view };
  for (const key of hiddenFields(game)) delete raw[key];
  raw.seed = seed;
  const config = game.parseConfig("config" in raw ? raw.config : undefined);
  if (!config.ok) return fail("BAD_STATE", config.error.message);
  return game.load(raw, game.newGame(config.value, seed)) as Result<S>;
}
