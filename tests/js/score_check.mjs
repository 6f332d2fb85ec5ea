// Runs the players' screen's score (static/js/table/score.js) on every case of the file named
// by its first argument, `[[vul, level, strain, doubled, declarer, tricks, expected], ...]`,
// and prints the cases whose score differs, as JSON (tests/table/test_score_js.py).
//
// score.js is a browser module with no imports: it is loaded from its text, so it runs as it
// is served, whatever Node makes of a `.js` file outside a package.
import { readFileSync } from "node:fs";

const [, , casesFile, scoreFile] = process.argv;
const source = readFileSync(scoreFile, "utf8");
const { nsScore } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const differing = cases
  .map(([vul, level, strain, doubled, declarer, tricks, expected]) => ({
    case: [vul, level, strain, doubled, declarer, tricks].join(" "),
    expected,
    screen: nsScore(level, strain, doubled, declarer, tricks, vul),
  }))
  .filter((row) => row.screen !== row.expected);
process.stdout.write(JSON.stringify({ checked: cases.length, differing }));
