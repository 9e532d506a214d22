import { render } from "preact";
import { App } from "./app/app";
import "./app/shell.css";
import "./pwa/start";

const root = document.getElementById("app");
if (root) render(<App />, root);
