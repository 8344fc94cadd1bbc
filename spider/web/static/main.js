// The entry point: every module is evaluated (and its listeners registered) before the app starts,
// so the first new-game dialog already has what assist/ adds to it.
import { start } from "./app.js";
import "./assist/install.js";
import "./history/entry.js";
import "./daily/entry.js";
import "./clubs/entry.js";

start();
