/**
 * Loaded positions that made one computer-player request expensive, shared by the tests and the
 * service bench (the engine keeps every game's worst positions in its own worst-positions.ts).
 */

/** The Block Blast position of issue 20: one `hint` searched about 2 s of CPU on it before the budget. */
export const CRAFTED_BLAST = {
  board: ["A....DCD", ".....D.C", "..HDF.B.", "..DJ....", "...DI...", "..H.H...", "......F.", ".....D.B"],
  tray: [
    { shape: ["###"], colour: 2 },
    { shape: ["#", "#"], colour: 1 },
    { shape: ["#.", "##"], colour: 4 },
  ],
  score: 5000,
  streak: 0,
  movesSinceLastClear: 5,
  revivesLeft: 3,
};
