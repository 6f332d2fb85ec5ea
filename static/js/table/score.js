// The duplicate score of one result (Law 77), the same rules as the server's
// sessions_app/scoring/contract.py, so the players see the score before they send it.
// tests/table/test_score_js.py runs it under Node against the server's ns_score for every
// contract, declarer, number of tricks and vulnerability.
//
// Example: 4S by N making 10 tricks, NS not vulnerable -> 4 x 30 = 120 (a game) + 300 = +420;
// 4D doubled by W three down, EW vulnerable -> 200 + 300 + 300 = 800 to NS: +800.

export const SEATS = ["N", "E", "S", "W"];
export const STRAINS = ["C", "D", "H", "S", "NT"];

// Whether the side of `seat` is vulnerable on a board of vulnerability None, NS, EW or All.
export function isVulnerable(vul, seat) {
  const side = seat === "N" || seat === "S" ? "NS" : "EW";
  return vul === "All" || vul === side;
}

function madeScore(level, strain, doubled, overtricks, vulnerable) {
  const multiplier = 2 ** doubled; // 1, 2 or 4
  const trickScore = strain === "NT"
    ? (40 + 30 * (level - 1)) * multiplier
    : (strain === "C" || strain === "D" ? 20 : 30) * level * multiplier;
  let bonus = trickScore >= 100 ? (vulnerable ? 500 : 300) : 50; // game or part-score
  if (level === 6) bonus += vulnerable ? 750 : 500;
  if (level === 7) bonus += vulnerable ? 1500 : 1000;
  bonus += 50 * doubled; // the "insult"
  const perOvertrick = doubled
    ? (vulnerable ? 200 : 100) * doubled
    : (strain === "C" || strain === "D" ? 20 : 30);
  return trickScore + bonus + overtricks * perOvertrick;
}

function penalty(undertricks, doubled, vulnerable) {
  if (!doubled) return (vulnerable ? 100 : 50) * undertricks;
  const base = vulnerable // 200, 500, 800, then +300 each; not vulnerable 100, 300, 500, +300
    ? 200 + 300 * (undertricks - 1)
    : 100 + 200 * Math.min(undertricks - 1, 2) + 300 * Math.max(undertricks - 3, 0);
  return base * doubled;
}

// The NS score of `level` `strain` (doubled 0, 1, 2) by `declarer` taking `tricks` on a board
// of vulnerability `vul`; 0 for a passed-out board (level 0).
export function nsScore(level, strain, doubled, declarer, tricks, vul) {
  if (!level) return 0;
  const vulnerable = isVulnerable(vul, declarer);
  const needed = level + 6;
  const score = tricks >= needed
    ? madeScore(level, strain, doubled, tricks - needed, vulnerable)
    : -penalty(needed - tricks, doubled, vulnerable);
  return declarer === "N" || declarer === "S" ? score : -score;
}

// "+420", "-50", "0": how a traveller writes an NS score ("" when there is none).
export function signed(score) {
  if (score === null || score === undefined) return "";
  return score > 0 ? `+${score}` : String(score);
}
