import { render } from "preact";
import { App } from "./app/app";
import "./app/shell.css";
import "./pwa/start";
import { watchFirstGesture } from "./shell/first-gesture";
import { startLanguage } from "./shell/i18n";
import { startLook } from "./shell/look";

startLook();
watchFirstGesture();

const root = document.getElementById("app");
// A language other than English is a lazy chunk: the first render waits for it (no English flash).
if (root) void startLanguage().then(() => render(<App />, root));
