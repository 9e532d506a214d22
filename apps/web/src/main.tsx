import { render } from "preact";
import { App } from "./app/app";
import "./app/shell.css";
import "./pwa/start";
import { watchFirstGesture } from "./shell/first-gesture";
import { startLook } from "./shell/look";

startLook();
watchFirstGesture();

const root = document.getElementById("app");
if (root) render(<App />, root);
