// bridge-scorer (npm) scoring a travellers CSV: the JavaScript peer of bench/peers.py.
//
//   node bench/node/score.js BOARDS.csv                 -> JSON {"totals": {pair: MPs}, "ranks": {...}}
//   node bench/node/score.js --engine 5 BOARDS.csv      -> also {"engine": [{wall, cpu}, ...]}
//
// BOARDS.csv is salliere's headerless layout, as bench/generate.py writes it:
// board, NS pair, EW pair, contract (`4S`, `3NTX`, `P`), declarer, tricks.
// The whole job: read the file, score each contract (scorer.contractTricks, vulnerability of
// Law 2 from the board number), matchpoint each board on 2/1 (scorer.matchpoints), add up each
// pair's matchpoints and rank the pairs (scorer.rank), NS and EW fields as one (across the
// field). With --engine N, the matchpoints + totals + rank part alone is also timed N times
// in the process, on the games already built: the figure compared with clubscorer's
// score_session.
'use strict';

const fs = require('fs');
const scorer = require('bridge-scorer');

// Law 2: the vulnerability of board n repeats every 16 boards.
const VULNERABILITY = ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None',
                       'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW'];

function vulnerable(board, declarer) {
  const vul = VULNERABILITY[(board - 1) % 16];
  const side = declarer === 'N' || declarer === 'S' ? 'NS' : 'EW';
  return vul === 'All' || vul === side;
}

function readGames(path) {
  const boards = new Map();
  for (const line of fs.readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    const [board, ns, ew, contract, declarer, tricks] = line.split(',');
    const number = Number(board);
    let game;
    if (contract === 'P') {
      game = { ns, ew, score: 0 };
    } else {
      const match = /^([1-7])(NT|S|H|D|C)(X{0,2})$/.exec(contract);
      if (!match) throw new Error(`board ${board}: contract ${contract}`);
      const bid = { level: Number(match[1]), denomination: match[2], risk: match[3] };
      const score = scorer.contractTricks(bid, vulnerable(number, declarer), Number(tricks));
      game = { ns, ew, contract: { declaror: declarer }, score };
    }
    if (!boards.has(number)) boards.set(number, []);
    boards.get(number).push(game);
  }
  return boards;
}

function rankPairs(boards) {
  const totals = new Map();
  for (const games of boards.values()) {
    scorer.matchpoints(games);
    for (const game of games) {
      totals.set(game.ns, (totals.get(game.ns) || 0) + game.matchpointsNS.value);
      totals.set(game.ew, (totals.get(game.ew) || 0) + game.matchpointsEW.value);
    }
  }
  const pairs = Array.from(totals, ([pair, score]) => ({ pair, score }));
  return scorer.rank(pairs);
}

function main(args) {
  let engineRepeat = 0;
  if (args[0] === '--engine') {
    engineRepeat = Number(args[1]);
    args = args.slice(2);
  }
  const boards = readGames(args[0]);
  const ranked = rankPairs(boards);
  const result = {
    totals: Object.fromEntries(ranked.map((p) => [p.pair, p.score])),
    ranks: Object.fromEntries(ranked.map((p) => [p.pair, p.rank])),
  };
  if (engineRepeat) {
    result.engine = [];
    for (let i = 0; i < engineRepeat; ++i) {
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      rankPairs(boards);
      const used = process.cpuUsage(cpu);
      result.engine.push({
        wall: Number(process.hrtime.bigint() - started) / 1e9,
        cpu: (used.user + used.system) / 1e6,
      });
    }
  }
  process.stdout.write(JSON.stringify(result) + '\n');
}

main(process.argv.slice(2));
