// node tests/js/conformance.mjs FILE (or - for standard input): replays a conformance corpus (python -m tests.conformance.corpus)
// with the browser engine and prints the first difference of each game that differs (at most 20),
// then a summary line. Exits 1 on any difference.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";

import { replayGame } from "./conformance-lib.mjs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node tests/js/conformance.mjs CORPUS.jsonl");
  process.exit(2);
}
// "-" reads standard input (a corpus piped from the generator as it makes it); a .gz file is unzipped
const raw = file === "-" ? process.stdin : createReadStream(file);
const input = file.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
const lines = createInterface({ input, crlfDelay: Infinity });
let header = null;
let games = 0;
let steps = 0;
let differences = 0;
const began = process.hrtime.bigint();
for await (const line of lines) {
  if (!line) continue;
  if (header === null) {
    header = JSON.parse(line);
    continue;
  }
  const game = JSON.parse(line);
  games += 1;
  steps += game.steps.length;
  const difference = replayGame(game, header.full);
  if (difference) {
    differences += 1;
    if (differences <= 20) console.log(difference);
  }
}
const seconds = Number(process.hrtime.bigint() - began) / 1e9;
console.log(`${games} games, ${steps} steps replayed in ${seconds.toFixed(1)} s: ${differences} differing`);
process.exit(differences || !games ? 1 : 0);
