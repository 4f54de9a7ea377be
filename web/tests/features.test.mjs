// The page's features, each in a fresh headless Chromium context: a
// broken rule in red and Undo, hints and explanations with their cells,
// Solve, pasting a game ID, the setter's mode, share links, storage,
// downloads and offline use.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, browser, open } from './helpers.mjs';

let server;
let chromium;

before(async () => {
  server = await serve();
  chromium = await browser();
});

after(async () => {
  await chromium?.close();
  await server?.close();
});

// The classic example: r1c1 is a given 5, r1c3 is open.
const SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const url = (family, text) => `${server.url}#${new URLSearchParams({ f: family, p: text })}`;

async function cellCenter(page, r, c) {
  return page.evaluate(([row, col]) => {
    const svg = document.querySelector('#board svg');
    const pt = svg.createSVGPoint();
    pt.x = col + 0.5;
    pt.y = row + 0.5;
    const p = pt.matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, [r, c]);
}

async function clickCell(page, r, c) {
  const p = await cellCenter(page, r, c);
  await page.mouse.click(p.x, p.y);
}

test('a wrong entry turns red at once, and Undo takes it back', async () => {
  const { page, context, errors } = await open(chromium, url('sudoku', SUDOKU));
  await clickCell(page, 0, 2);
  await page.keyboard.press('5'); // a second 5 in row 1
  const red = page.locator('#layer rect.conflict[data-cell="0,2"]');
  assert.equal(await red.count(), 1, 'the cell that breaks the rule is red');
  assert.match(await page.textContent('#conflicts'), /5 appears twice/);
  await page.click('#undo');
  assert.equal(await page.locator('#layer rect.conflict').count(), 0, 'no red after Undo');
  assert.equal(await page.locator('#layer text.entry').count(), 0, 'the entry is gone');
  await page.click('#redo');
  assert.equal(await red.count(), 1, 'Redo brings it back');
  await page.keyboard.press('Backspace');
  assert.equal(await page.locator('#layer rect.conflict').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong shading turns red too (Hitori: two shaded cells side by side)', async () => {
  const { page, context } = await open(chromium, url('hitori', '4 4\n1 1 2 3\n2 3 4 1\n3 4 1 2\n4 2 3 4\n'));
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  const cells = await page.$$eval('#layer rect.conflict', (rs) => rs.map((r) => r.dataset.cell).sort());
  assert.deepEqual(cells, ['0,0', '0,1']);
  await context.close();
});

test('Hint shows the next deduction in words and highlights its cells', async () => {
  const { page, context } = await open(chromium, url('sudoku', SUDOKU));
  await page.click('#hint');
  const words = await page.textContent('#hint-text');
  assert.match(words, /r\dc\d/, words);
  const lit = await page.$$eval('#layer rect.hint', (rs) => rs.map((r) => r.dataset.cell));
  assert.ok(lit.length >= 1, 'a highlighted cell');
  // The hint's cell is the one it names.
  const [r, c] = lit[0].split(',').map(Number);
  assert.ok(words.includes(`r${r + 1}c${c + 1}`), `${words} names ${lit[0]}`);
  // Once that value is entered, the next hint is about another cell.
  // The step names the digit: "r5c2 is 2: ..." (older wording "r5c2 = 2").
  const value = Number(words.match(/r\dc\d (?:is|=) (\d)/)[1]);
  await clickCell(page, r, c);
  await page.keyboard.press(String(value));
  await page.click('#hint');
  const next = await page.textContent('#hint-text');
  assert.notEqual(next, words);
  assert.ok(!new RegExp(`r${r + 1}c${c + 1} (is|=) `).test(next), next);
  await context.close();
});

test('Explain walks through the steps with their cells', async () => {
  const { page, context } = await open(chromium, url('sudoku', SUDOKU));
  await page.click('#explain');
  // Runs of singles are one step each since 2026-12-07 (10 steps here).
  const steps = await page.locator('#steps li').count();
  assert.ok(steps >= 5, `${steps} steps`);
  assert.match(await page.textContent('#step-count'), /^step 1 of/);
  await page.click('#step-next');
  assert.match(await page.textContent('#step-count'), /^step 2 of/);
  assert.equal(await page.locator('#steps li.current').count(), 1);
  assert.ok(await page.locator('#layer rect.hint').count() >= 1);
  await context.close();
});

test('Solve fills the grid; Undo empties it again', async () => {
  const { page, context } = await open(chromium, url('kakuro', '5 5\n-   -   -   -   -\n- 16,  6,   -   -\n,14   0   0   -   -\n,8   0   0   -   -\n-   -   -   -   -\n'));
  await page.click('#solve');
  assert.equal(await page.textContent('#status'), 'solved!');
  const values = await page.$$eval('#layer text.entry', (ts) => ts.map((t) => t.textContent).join(''));
  assert.equal(values, '9571');
  await page.click('#undo');
  assert.equal(await page.locator('#layer text.entry').count(), 0);
  assert.equal(await page.textContent('#status'), '');
  await context.close();
});

test('Solve draws the loop in Slitherlink', async () => {
  const { page, context } = await open(chromium, url('slitherlink', '4x4t0:2c3b32b20232'));
  await page.click('#solve');
  assert.equal(await page.textContent('#status'), 'solved!');
  assert.ok(await page.locator('#layer line.line').count() >= 8);
  await context.close();
});

test('a pasted Tatham game ID loads, whichever family is chosen', async () => {
  const { page, context } = await open(chromium, server.url);
  await page.selectOption('#family', 'sudoku');
  await page.fill('#paste', '4x4t0:2c3b32b20232');
  await page.click('#load');
  assert.match(await page.textContent('#load-result'), /loaded: Slitherlink/);
  assert.equal(await page.inputValue('#family'), 'slitherlink');
  assert.equal(await page.evaluate(() => window.gridcsp.state.info.rows), 4);
  await page.fill('#paste', '5x5:cBaWdBaBeWf');
  await page.click('#load');
  assert.equal(await page.inputValue('#family'), 'masyu');
  await page.fill('#paste', 'not a puzzle');
  await page.click('#load');
  assert.match(await page.textContent('#load-result'), /not a puzzle/);
  await context.close();
});

test('a pasted puzz.link URL loads, its family from the URL', async () => {
  const { page, context } = await open(chromium, server.url);
  await page.selectOption('#family', 'sudoku');
  // `gridcsp slitherlink generate --size 4 --seed 1 --to puzzlink`
  await page.fill('#paste', 'https://puzz.link/p?slither/4/4/c5dcbgd');
  await page.click('#load');
  assert.match(await page.textContent('#load-result'), /loaded: Slitherlink/);
  assert.equal(await page.inputValue('#family'), 'slitherlink');
  assert.equal(await page.evaluate(() => window.gridcsp.state.info.rows), 4);
  // `gridcsp masyu generate --size 5 --seed 2 --to puzzlink`
  await page.fill('#paste', 'https://puzz.link/p?mashu/5/5/2100090f0');
  await page.click('#load');
  assert.equal(await page.inputValue('#family'), 'masyu');
  assert.equal(await page.evaluate(() => window.gridcsp.state.info.cols), 5);
  await context.close();
});

test("the setter's mode says none, one or several solutions as the puzzle is typed", async () => {
  const { page, context } = await open(chromium, server.url);
  await page.selectOption('#family', 'sudoku');
  await page.check('input[name=mode][value=set]');
  await page.fill('#setter-text', SUDOKU);
  await page.waitForFunction(() => /one solution/.test(document.querySelector('#setter-result').textContent));
  assert.match(await page.textContent('#setter-result'), /grade easy/);
  // A 4x4 with a rectangle of 1s and 3s left open: two solutions, drawn
  // side by side.
  await page.fill('#setter-text', '.2.4.4.221434321');
  await page.waitForFunction(() => /several/.test(document.querySelector('#setter-result').textContent));
  assert.equal(await page.locator('#setter-solutions svg').count(), 2);
  // A clash: no solution.
  await page.fill('#setter-text', '11..............');
  await page.waitForFunction(() => /no solution/.test(document.querySelector('#setter-result').textContent));
  // Play it.
  await page.fill('#setter-text', SUDOKU);
  await page.waitForFunction(() => /one solution/.test(document.querySelector('#setter-result').textContent));
  await page.click('#setter-play');
  assert.equal(await page.evaluate(() => window.gridcsp.state.text), SUDOKU);
  assert.equal(await page.isVisible('#play-panel'), true);
  await context.close();
});

test('a share link holds the puzzle, and the page keeps the game in local storage', async () => {
  const { page, context } = await open(chromium, url('sudoku', SUDOKU));
  await page.click('#share');
  const link = await page.inputValue('#share-url');
  assert.ok(link.includes('#f=sudoku&p='), link);
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('body[data-ready=true]');
  const layout = (p) => p.evaluate(() => window.gridcsp.state.info.text);
  assert.equal(await layout(other), await layout(page));
  await other.close();
  // An entry survives a reload (no fragment: the stored game comes back).
  await clickCell(page, 0, 2);
  await page.keyboard.press('4');
  const before = await layout(page);
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await layout(page), before);
  assert.deepEqual(await page.evaluate(() => [...window.gridcsp.state.entries]), [['0,2', 4]]);
  await context.close();
});

test('downloads: the picture as SVG and as PNG', async () => {
  const { page, context } = await open(chromium, url('star-battle', '5 5 1\n0 0 1 1 1\n0 0 1 2 2\n3 3 3 2 2\n3 4 4 4 2\n3 4 4 4 2\n'));
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#svg')]);
  assert.equal(svg.suggestedFilename(), 'star-battle.svg');
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#png')]);
  assert.equal(png.suggestedFilename(), 'star-battle.png');
  await context.close();
});

test('the page works offline once loaded', async () => {
  const context = await chromium.newContext({ serviceWorkers: 'allow' });
  const { page } = await open(chromium, server.url, { context });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  assert.ok(await page.evaluate(() => window.gridcsp.api.solve('sudoku', '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79').length === 81));
  await context.close();
});
