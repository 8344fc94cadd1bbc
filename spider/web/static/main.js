// The entry point: every module is evaluated (and its listeners registered) before the app starts,
// so the first new-game dialog already has what assist.js adds to it.
import { start } from "./app.js";
import "./assist.js";
import "./history.js";

start();
