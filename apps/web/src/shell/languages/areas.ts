/**
 * Every area's English catalogue by the area's name, as `messages(area, en)` registers it: the
 * catalogue test (catalogues.test.ts) holds each language's pack to exactly these keys. Imported by
 * tests only (an app page imports the areas it shows).
 */

import { en as app } from "../../app/messages";
import { en as settings } from "../../app/settings-messages";
import { en as blastHelp } from "../../games/blast/help-messages";
import { en as blast } from "../../games/blast/messages";
import { en as blocky } from "../../games/blocky/messages";
import { en as match3Help } from "../../games/match3/help-messages";
import { en as match3 } from "../../games/match3/messages";
import { en as puzzle } from "../../games/puzzle/messages";
import { en as stacker } from "../../games/stacker/messages";
import { en as replay } from "../../replay/messages";
import { en as boards } from "../board-messages";
import { en as daily } from "../daily-messages";
import type { LanguagePack } from "../i18n";
import { en as keys } from "../key-messages";
import { en as shell } from "../messages";
import { en as play } from "../play-messages";
import { en as ranking } from "../ranking-messages";

export const ENGLISH: LanguagePack = {
  app,
  settings,
  shell,
  keys,
  play,
  ranking,
  boards,
  daily,
  replay,
  blast,
  puzzle,
  stacker,
  match3,
  blocky,
  "blast-help": blastHelp,
  "match3-help": match3Help,
};
