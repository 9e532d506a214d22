import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { ICON_BACKGROUND, iconPng, iconSvg } from "./src/pwa/icon";

/** The manifest's icons, drawn in code (src/pwa/icon.ts) and written into the build. */
const ICONS = [
  { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

function arcadeIcons(): Plugin {
  return {
    name: "blockarcade-icons",
    apply: "build",
    async generateBundle() {
      const files: [string, string | Uint8Array][] = [
        ["icons/icon.svg", iconSvg()],
        ["icons/icon-192.png", await iconPng(192)],
        ["icons/icon-512.png", await iconPng(512)],
        ["icons/icon-maskable-512.png", await iconPng(512, true)],
        // iOS ignores the manifest's icons and takes an opaque square (index.html links it).
        ["icons/apple-touch-icon.png", await iconPng(180, true)],
      ];
      for (const [fileName, source] of files) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

/** The API answers from the server or not at all: never from a cache (docs/architecture.md). */
const isApi = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
  sameOrigin && (url.pathname === "/api" || url.pathname.startsWith("/api/"));

/**
 * What every game page plays with (the shell's play code, the engine's core, Preact) goes
 * in one shared chunk rather than a dozen small ones: each file of a page costs its own gzip
 * overhead (docs/architecture.md "What a page downloads"). Pages that are not play (leaderboards, daily,
 * replays, settings sections) stay in their own chunks, loaded on demand.
 */
const ON_DEMAND =
  /\/src\/(shell\/(leaderboard-page|board-messages|daily-messages|how-ranking-works|ranking-rules|ranking-messages|boards-api|daily-page|daily-words|daily-api|replays-api|replay-pack|replay-steps|music)|replay\/|app\/(key-settings|keys-section|sound-settings|settings-panel))\b/;
const PLAY_CODE =
  /(\/apps\/web\/src\/shell\/|\/packages\/engine\/src\/core\/|\/packages\/client\/src\/(http|games|players|session)\.ts|\/node_modules\/preact\/)/;
type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;
/** Whether the entry imports a module statically: such a module stays in the entry (the home page). */
function initial(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const m = info(id);
  return (
    !!m && (m.isEntry || id.endsWith("/src/main.tsx") || m.importers.some((i) => initial(i, info, seen)))
  );
}
/** A game's own code that its lazily loaded pages share with its screen: one chunk per game. */
const GAME_CODE = /\/(apps\/web\/src|packages\/engine\/src)\/games\/([a-z0-9]+)\//;
// A page's own words (help-messages.ts) travel with the page.
const GAME_PAGES = /\/((screen|leaderboard-view|replay-view|how-to-play-view)\.tsx|help-messages\.ts)$/;
/** A language's catalogues (every area's `*.fr.ts` and the pack that gathers them): one lazy chunk each. */
const LANGUAGE_CODE = /\/src\/(?:.*\.|shell\/languages\/)([a-z]{2})\.ts$/;
const CHUNK_GROUPS = [
  // Before every other group: a language's words must not ride in the play or a game's chunk.
  { debugName: "language", name: (id: string) => LANGUAGE_CODE.exec(id)?.[1] ?? null, priority: 3 },
  // What the entry imports (Preact, the shell's settings) first, so that the play chunk leaves it out.
  { name: "app", tags: ["$initial" as const], priority: 2 },
  {
    debugName: "play",
    name: (id: string, ctx: { getModuleInfo: ModuleInfoOf }) =>
      PLAY_CODE.test(id) && !ON_DEMAND.test(id) && !initial(id, (m) => ctx.getModuleInfo(m)) ? "play" : null,
  },
  {
    debugName: "game",
    // Only the game's own files: what it shares with another game (the tray, core grids) is not its.
    includeDependenciesRecursively: false,
    name: (id: string) => (GAME_PAGES.test(id) ? null : (GAME_CODE.exec(id)?.[2] ?? null)),
  },
];

export default defineConfig({
  // The engine is consumed from its TypeScript source (the "source" export condition).
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  // Maps are written for tests and debugging (e2e/page-weight.spec.ts, scripts/page-weight.mjs read
  // them here) but not named in the scripts; the server refuses any *.map file by name, and the
  // Docker image drops them (docs/service.md "Protections").
  build: {
    target: "es2022",
    sourcemap: "hidden",
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:8080" } },
  plugins: [
    arcadeIcons(),
    // Installable and offline after one visit (docs/architecture.md "Offline and installing"):
    // the worker precaches the shell and every game's chunks; src/pwa/ registers it.
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Block Arcade",
        short_name: "Block Arcade",
        description: "Five free, ad-free block puzzle games that play offline.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: ICON_BACKGROUND,
        background_color: ICON_BACKGROUND,
        categories: ["games"],
        icons: ICONS,
      },
      workbox: {
        // Every script, style, page and icon of the build; never source maps (not served) or the
        // build's own manifest.
        globPatterns: ["**/*.{js,css,html,svg,png}"],
        // Any page of the app opens offline (the app routes itself); /api is not a page.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [{ urlPattern: isApi, handler: "NetworkOnly" }],
        // The first install controls the open page at once (so its next load is offline-ready);
        // later versions wait for the player's Reload (registerType "prompt").
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
      },
    }),
  ],
});
