import { render } from "preact";
import { App } from "./app/app";
import "./app/shell.css";

const root = document.getElementById("app");
if (root) render(<App />, root);
