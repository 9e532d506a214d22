/**
 * French, every area's table in one lazy chunk: loaded before the first render when French is chosen
 * (shell/i18n.ts), kept by the service worker like every other chunk so it works offline.
 */

import { fr as app } from "../../app/messages.fr";
import { fr as settings } from "../../app/settings-messages.fr";
import { fr as blastHelp } from "../../games/blast/help-messages.fr";
import { fr as blast } from "../../games/blast/messages.fr";
import { fr as blocky } from "../../games/blocky/messages.fr";
import { fr as match3Help } from "../../games/match3/help-messages.fr";
import { fr as match3 } from "../../games/match3/messages.fr";
import { fr as puzzle } from "../../games/puzzle/messages.fr";
import { fr as stacker } from "../../games/stacker/messages.fr";
import { fr as replay } from "../../replay/messages.fr";
import { fr as boards } from "../board-messages.fr";
import { fr as daily } from "../daily-messages.fr";
import type { LanguagePack } from "../i18n";
import { fr as keys } from "../key-messages.fr";
import { fr as shell } from "../messages.fr";
import { fr as play } from "../play-messages.fr";
import { fr as ranking } from "../ranking-messages.fr";

const pack: LanguagePack = {
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
export default pack;
