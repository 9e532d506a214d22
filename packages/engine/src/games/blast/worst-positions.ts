/**
 * The Block Blast hint's worst positions found (bench/blast-worst.ts: random loaded positions, then a
 * hill-climb on the hint's CPU time), kept as regression fixtures for the work budget
 * (computer-budget.test.ts, docs/games/blast.md "Computer player"). Each is a `load` body.
 */
export interface WorstPosition {
  name: string;
  fields: Record<string, unknown>;
}

export const WORST_POSITIONS: readonly WorstPosition[] = [
  {
    name: "issue 20's example: 2.0 s of CPU before the budget",
    fields: {
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
    },
  },
  {
    name: "the empty board with the three smallest pieces: the most sequences a tray can have",
    fields: {
      board: ["........", "........", "........", "........", "........", "........", "........", "........"],
      tray: [
        { shape: ["#"], colour: 0 },
        { shape: ["##"], colour: 1 },
        { shape: ["#", "#"], colour: 2 },
      ],
      score: 5000,
      streak: 0,
      movesSinceLastClear: 5,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 1 step 13)",
    fields: {
      board: [".....CG.", "B.B..C.I", "...B....", ".H.I..H.", ".F..C.GC", ".IE...E.", "..CB...G", "D.FC.F.H"],
      tray: [
        { shape: ["#"], colour: 0 },
        { shape: ["##", "#.", "#."], colour: 1 },
        { shape: ["#.", "#.", "##"], colour: 2 },
      ],
      score: 200000,
      streak: 7,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 0 step 27)",
    fields: {
      board: ["A.J.....", ".....F..", "..A.B.GC", ".EC....E", "........", "..H.E...", "I...ACF.", ".F...EF."],
      tray: [
        { shape: [".#", "##"], colour: 0 },
        { shape: [".#.", "###"], colour: 1 },
        { shape: ["..#", "###"], colour: 2 },
      ],
      score: 200000,
      streak: 0,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 0 step 25)",
    fields: {
      board: ["A.J.....", ".....F..", "..A.B.GC", ".EC....E", "........", "..H.E...", "I...ACF.", ".F...EF."],
      tray: [
        { shape: [".#", "##"], colour: 0 },
        { shape: [".#.", "###"], colour: 1 },
        { shape: ["..#", "###"], colour: 2 },
      ],
      score: 200000,
      streak: 3,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 0 step 10)",
    fields: {
      board: ["A.J.....", ".....F..", "..A.B.GC", ".EC....E", "........", "..H.E...", "I...ACF.", ".F...EF."],
      tray: [
        { shape: ["##", ".#"], colour: 0 },
        { shape: [".#.", "###"], colour: 1 },
        { shape: ["..#", "###"], colour: 2 },
      ],
      score: 200000,
      streak: 3,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 3)",
    fields: {
      board: [".....EA.", "..E.....", "..G.GI..", "D...EE..", "..A.....", "..B...E.", ".IHE.J..", ".F.D...A"],
      tray: [
        { shape: ["#.", "##", ".#"], colour: 0 },
        { shape: [".#", "##"], colour: 1 },
        { shape: [".#", "##", "#."], colour: 2 },
      ],
      score: 200000,
      streak: 11,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, first run (climb 0 step 2)",
    fields: {
      board: ["A.J.....", ".....F..", "..A.B.GC", ".EC....E", "........", "..H.E...", "I...ACF.", ".F...EF."],
      tray: [
        { shape: ["##", ".#"], colour: 0 },
        { shape: [".#.", "###"], colour: 1 },
        { shape: ["..#", "###"], colour: 2 },
      ],
      score: 200000,
      streak: 0,
      movesSinceLastClear: 3,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts random, first run (random 184)",
    fields: {
      board: ["A.J.....", ".....F..", "..A.B.GC", ".EC....E", "........", "..H.E...", "I...ACF.", ".F...EF."],
      tray: [
        { shape: ["##", ".#"], colour: 0 },
        { shape: [".#.", "###"], colour: 1 },
        { shape: ["..#", "###"], colour: 2 },
      ],
      score: 200000,
      streak: 8,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts random, first run (random 167)",
    fields: {
      board: [".....CG.", ".....C.I", "...B....", ".H.I..H.", ".F..C.GC", ".IE...E.", "..CB...G", "D.FC.F.H"],
      tray: [
        { shape: ["#"], colour: 0 },
        { shape: ["##", "#.", "#."], colour: 1 },
        { shape: ["#.", "#.", "##"], colour: 2 },
      ],
      score: 12000,
      streak: 7,
      movesSinceLastClear: 0,
      revivesLeft: 3,
    },
  },
  {
    name: "bench/blast-worst.ts hill-climb on CPU, second run (climb 0 step 37: pity and solution systems on)",
    fields: {
      board: ["B..B..AF", "A..HDJDD", "BEDC....", "JJ.DD.EI", "H.DJ.CG.", "..G.GHFD", "J...JBJG", "...HICEB"],
      tray: [
        { shape: ["#", "#", "#"], colour: 0 },
        { shape: ["###", "#.."], colour: 1 },
        { shape: ["#"], colour: 2 },
      ],
      score: 200000,
      streak: 0,
      movesSinceLastClear: 30,
      revivesLeft: 3,
    },
  },
  {
    name: "the slowest of the bench's 400 real-play positions (seeds 1-60): big pieces, few placements a node",
    fields: {
      board: [".JJEJBBB", ".JJFJBBB", ".......C", ".......I", "........", ".DD...HC", "..HHH..C", ".HHB...F"],
      tray: [
        { shape: ["##", "##", "##"], colour: 9 },
        { shape: ["#", "#", "#", "#", "#"], colour: 0 },
        { shape: ["###", "..#", "..#"], colour: 1 },
      ],
      score: 17750,
      streak: 0,
      movesSinceLastClear: 1,
      revivesLeft: 3,
    },
  },
];
