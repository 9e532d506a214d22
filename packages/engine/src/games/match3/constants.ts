/**
 * Every fixed text and number of Match-3 Falling Bricks in one place (docs/games/match3.md). The
 * terminal and the browser read the prompts from here, so a prompt is written exactly once.
 */

/** The four symbols a cell may hold (docs/games/match3.md "Bricks"). */
export const SYMBOLS = ["^", "*", "@", "~"] as const;
export const EMPTY_CELL = ".";

/** The init prompt (docs/games/match3.md "The terminal dialogue"), verbatim. */
export const INIT_PROMPT = "Please enter field size (width and height) and up to 5 bricks set:";
/** The command prompt of every frame, verbatim. */
export const FRAME_PROMPT =
  "Enter up to 2 commands to process before moving to the next frame (valid commands are L,R,D)";
/** The end prompt, verbatim. */
export const END_PROMPT = "Enter S to start over or Q to quit";
export const GOODBYE = "Thank you for playing Match-3!";
export const EXAMPLE_INPUT = "5 8 H^^* V*@^";

export const MAX_BRICKS = 5;
/** Valid commands a frame takes; the rest of its line is dropped (docs/games/match3.md "A frame"). */
export const COMMANDS_PER_FRAME = 2;
/**
 * No upper bound is given for the field; one is needed so a typo such as `5 80000000` is a clear
 * error instead of a process running out of memory
 * (docs/games/match3.md "Decisions where the rules are silent").
 */
export const MAX_SIDE = 100;
