/**
 * When the music plays: a game is in play on the page (not paused, not over, no dialog open over
 * it), the page is shown, the music is on (shell/sound-settings.ts), and the player has touched the
 * page once (browsers start audio only after a gesture). Only then is the music itself
 * (shell/music.ts) downloaded, so a page without music never carries it. Games need no code for
 * this: the shell's runner hook and dialog tell the gate.
 */
import type { Clock } from "@blockarcade/engine/core";
import { GESTURES, hasGestured } from "./first-gesture";
import type * as Music from "./music";
import { listenPageLife } from "./page-life";
import { browserClock } from "./runner";
import { onSettings } from "./settings";
import { audioContext } from "./sound";
import { musicLevel, onSoundSettings } from "./sound-settings";

export interface MusicGateDeps {
  doc: EventTarget & { readonly hidden: boolean };
  win: EventTarget;
  clock: Clock;
  /** The music's loudness now, 0-1 (0: off). */
  level(): number;
  /** Whether the page has had a gesture already (shell/first-gesture.ts). */
  activated(): boolean;
  audio(): Music.AudioLike | undefined;
  load(): Promise<Pick<typeof Music, "createMusicPlayer" | "writeSong">>;
}

export interface GameMusic {
  /** The game is in play (true) or paused, over or not begun (false). */
  inPlay(value: boolean): void;
  leave(): void;
}

export interface MusicGate {
  /** A game page's game, by its id (its tune): the newest one entered is the page's. */
  enter(game: string): GameMusic;
  /** A dialog opened over the game; the returned function closes it. */
  dialog(): () => void;
  /** Whether the music is playing now. */
  readonly playing: boolean;
  /** Looks again at every condition (the gate hears settings itself). */
  update(): void;
}

export function createMusicGate(deps: MusicGateDeps): MusicGate {
  let game: { id: string; inPlay: boolean } | undefined;
  let dialogs = 0;
  let gestured = deps.activated();
  let music: Pick<typeof Music, "createMusicPlayer" | "writeSong"> | undefined;
  let loading = false;
  let player: Music.MusicPlayer | undefined;
  let playerGame: string | undefined;

  const update = () => {
    const level = deps.level();
    const current = game;
    const wanted = level > 0 && current?.inPlay && dialogs === 0 && !deps.doc.hidden && gestured;
    if (!current || !wanted) {
      player?.pause();
      return;
    }
    if (!music) {
      if (loading) return;
      loading = true;
      deps.load().then(
        (m) => {
          music = m;
          update();
        },
        // Offline before the music was ever cached: the game plays on without it.
        () => {
          loading = false;
        },
      );
      return;
    }
    if (playerGame !== current.id) {
      player?.dispose();
      const ctx = deps.audio();
      if (!ctx) return;
      player = music.createMusicPlayer(ctx, deps.clock, music.writeSong(current.id));
      playerGame = current.id;
    }
    player?.play(level);
  };

  const gesture = () => {
    gestured = true;
    for (const type of GESTURES) deps.win.removeEventListener(type, gesture, true);
    update();
  };
  if (!gestured) for (const type of GESTURES) deps.win.addEventListener(type, gesture, true);
  listenPageLife(deps.doc, deps.win, { current: { visibility: update } });

  return {
    enter(id) {
      const entry = { id, inPlay: false };
      game = entry;
      return {
        inPlay(value) {
          if (entry.inPlay === value) return;
          entry.inPlay = value;
          update();
        },
        leave() {
          if (game !== entry) return;
          game = undefined;
          update();
        },
      };
    },
    dialog() {
      dialogs++;
      update();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        dialogs--;
        update();
      };
    },
    get playing() {
      return player?.playing ?? false;
    },
    update,
  };
}

let gate: MusicGate | undefined;

/** The page's gate, made on first use with the browser's document, timers and audio. */
export function musicGate(): MusicGate {
  if (gate) return gate;
  const made = createMusicGate({
    doc: document,
    win: window,
    clock: browserClock,
    level: () => musicLevel(),
    activated: hasGestured,
    audio: audioContext,
    load: () => import("./music"),
  });
  onSettings(made.update);
  onSoundSettings(made.update);
  gate = made;
  return made;
}
