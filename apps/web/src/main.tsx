import { render } from "preact";
import { App } from "./shell/app";
import "./shell/shell.css";

const root = document.getElementById("app");
if (root) render(<App />, root);
