// The package's TypeScript declarations, read by the TypeScript compiler (from
// the npm packages of tests/browser, PACRU_PLAYWRIGHT): a program that uses every
// export type-checks under --strict, misuses are type errors (the declarations are
// not `any`), and every export, class member and interface property has a doc
// comment.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as pacru from 'pacru';

const ts = createRequire(path.join(process.env.PACRU_PLAYWRIGHT || process.cwd(), 'package.json'))('typescript');
const folder = fs.mkdtempSync(path.join(process.cwd(), 'types-'));

const OPTIONS = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: false,
};

/** Compiles TypeScript modules (`name` to code) as one program; returns it and
 * its diagnostics by module. */
function compile(modules) {
  fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }\n');
  const files = Object.entries(modules).map(([name, code]) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, code);
    return file;
  });
  const program = ts.createProgram(files, OPTIONS);
  const found = Object.fromEntries(Object.keys(modules).map((name) => [name, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file ? path.basename(d.file.fileName) : '';
    (found[name] ?? (found[name] = [])).push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return { program, found };
}

const USES = `
import {
  Position, PacruError, IllegalMove, InvalidMove, InvalidPosition, MalformedGame,
  analyse, bestMove, check, formatGame, readGames, readMove, selfplay, version,
} from "pacru";
import type {
  AnalyseOptions, Analysis, PlyAnalysis, BestMove, BestMoveOptions, CheckOptions, Chevron, Colour, Direction, Effects, Game,
  GameInput, MoveParts, PerftOptions, Rules, SelfplayOptions, StandardOptions, Status, Verdict, VerdictError,
} from "pacru";

const options: StandardOptions = { colours: "KRB", seats: ["S", "W", "E"], rules: 2011 };
const start: Position = Position.standard(3, options);
const other: Position = Position.fromPpn(start.toPpn(), "2004");
const same: boolean = start.equals(other);
const mover: Colour = start.toMove;
const players: Colour[] = start.players;
const rules: Rules = start.rules;
const status: Status = start.status;
const winner: Colour | null = start.winner;
const target: number = start.target;
const fields: string[] = start.fieldsOf("Red");
const split: Record<string, number> = start.perftDivide(2);
const count: number = start.fieldCount("R") + start.countMoves() + start.perft(2, { bulk: false } as PerftOptions);
const colour: Colour | null = start.colourAt("e5");
const chevron: Chevron | null = start.chevronAt("e1");
const facing: Direction | undefined = start.chevrons()[0]?.facing;
const moves: string[] = start.legalMoves();
const next: Position = start.play(moves[0]!);
start.validate(moves[0]!);
const legal: boolean = start.isLegal("e1-e2") && start.isFinished();
const effects: Effects = start.explain(moves[0]!);
const parts: MoveParts = readMove(moves[0]!);
const completed: string[] = start.completions(parts.from ?? "");
const changed: (Colour | null)[] = effects.changed.map((c) => c.before);
const text: string = start.diagram() + start.toString() + version();

try {
  next.play("a1-a2");
} catch (error) {
  if (error instanceof IllegalMove) {
    const rule: string = error.rule;
    const allowed: string[] | null = error.allowed;
    const ppn: string = error.ppn + error.move + error.reason;
  } else if (error instanceof InvalidMove) {
    const column: number = error.column;
  } else if (error instanceof InvalidPosition) {
    const line: number | null = error.line;
  } else if (error instanceof PacruError) {
    const message: string = error.message;
  }
}

const games: (Game | MalformedGame)[] = readGames(new Uint8Array(0));
for (const game of games) {
  if (game instanceof MalformedGame) {
    const where: number = game.game + game.line + game.column;
    continue;
  }
  const tags: Record<string, string> = game.tags;
  const first: Position = Position.startOf(game);
  const input: GameInput = game;
  const record: string = formatGame(input);
}
const checkOptions: CheckOptions = { rules: "2011", name: "x.pgr" };
const verdicts: Verdict[] = check("", checkOptions);
const error: VerdictError | null = verdicts[0]?.error ?? null;
const ply: number | null | undefined = error?.ply;
const selfplayOptions: SelfplayOptions = { players: 4, games: 2, seed: 2n ** 64n - 1n, maxPlies: 10 };
const played: string = selfplay(selfplayOptions);
const budget: BestMoveOptions = { nodes: 100, seed: 1 };
const found: BestMove = bestMove(start, budget);
const move: string | null = found.move;
const evaluation: number | undefined = found.evaluation.Black;
const analyseOptions: AnalyseOptions = { nodes: 100, seed: 1n, name: "x.pgr" };
for (const entry of analyse(new Uint8Array(0), analyseOptions)) {
  if (entry instanceof MalformedGame) continue;
  const analysis: Analysis = entry;
  const ply: PlyAnalysis | undefined = analysis.plies[0];
  const mark: "mistake" | "blunder" | null | undefined = ply?.mark;
  const scores: number[] = analysis.after.concat(ply?.scores ?? []);
  const annotated: string = analysis.annotated + analysis.annotator + analysis.status;
  const mover: Colour | undefined = ply?.mover;
}
const fromGame: (Analysis | MalformedGame)[] = analyse({ moves: ["e1-e2"] }, { millis: 5 });
`;

const MISUSES = [
  'Position.standard(2).play(3);',
  'Position.standard("two");',
  'Position.standard(2, { seat: "SN" });',
  'const c: "Purple" = Position.standard(2).toMove;',
  'bestMove(Position.standard(2), { nodes: "many" });',
  'bestMove("e1", { nodes: 1 });',
  'check(42);',
  'selfplay({ player: 2 });',
  'const v: string = check("")[0]!.plies;',
  'formatGame({ moves: "e1-e2" });',
  'analyse("", { movetime: 5 });',
  'const m: string = analyse("")[0]!.plies;',
];

// One program for every test: compiling is the slow part.
const header = 'import { Position, analyse, bestMove, check, formatGame, selfplay } from "pacru";\n';
const { program, found } = compile({
  'uses.ts': USES,
  ...Object.fromEntries(MISUSES.map((misuse, i) => [`misuse${i}.ts`, `${header}${misuse}\n`])),
  'entry.ts': 'export * from "pacru";\nexport type * from "pacru";\n',
});

test('a program that uses every export type-checks under --strict', () => {
  assert.deepEqual(found['uses.ts'], []);
  assert.deepEqual(found['entry.ts'], []);
  assert.deepEqual(found[''], undefined, 'no errors outside the modules (in the declarations)');
});

test('misuses are type errors', () => {
  MISUSES.forEach((misuse, i) => {
    assert.ok(found[`misuse${i}.ts`].length > 0, `no type error for: ${misuse}`);
  });
});

test('every export, class member and interface property has a doc comment', () => {
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(path.join(folder, 'entry.ts'));
  const module = checker.getSymbolAtLocation(entry.statements[0].moduleSpecifier);
  const exports = checker.getExportsOfModule(module);
  const undocumented = [];
  const documented = (symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '';
  const seen = new Set();
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    seen.add(exported.name);
    if (!documented(symbol)) undocumented.push(exported.name);
    const members = [...(symbol.members?.values() ?? []), ...(symbol.exports?.values() ?? [])];
    for (const member of members) {
      if (member.name === '__constructor' || member.name === 'prototype') continue;
      // wasm-bindgen declares its memory management (free() and [Symbol.dispose])
      // without a comment; the README tells what they do.
      if (member.name === 'free' || member.name.startsWith('__@dispose')) continue;
      if (!documented(member)) undocumented.push(`${exported.name}.${member.name}`);
    }
  }
  assert.deepEqual(undocumented, []);
  // Every value the package exports at run time is declared.
  for (const name of Object.keys(pacru)) assert.ok(seen.has(name), `${name} is not declared`);
  assert.ok(seen.has('Verdict') && seen.has('Game') && seen.has('Effects'));
});
